// Draws the add-in's icons and the stand-in provider logo into assets/.
// Run after changing the artwork: `npx tsx tools/dev/drawIcons.ts` (the PNGs are committed).
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';
import { encodePng } from './png';

type Rgba = readonly [number, number, number, number];
/** Whether the point (x, y) in unit coordinates (0..1, y down) lies inside a shape; `size` is the
 *  target pixel size, so thin strokes can stay at least about one pixel wide on small icons. */
type Shape = (x: number, y: number, size: number) => boolean;
interface Layer {
  color: Rgba;
  shape: Shape;
}

const SUBSAMPLES = 4; // 4x4 samples per pixel for anti-aliased edges

function render(size: number, layers: Layer[]): Uint8Array {
  const out = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      // Composite the layers per sample ("over"), then average the premultiplied samples.
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < SUBSAMPLES; sy++) {
        for (let sx = 0; sx < SUBSAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SUBSAMPLES) / size;
          const y = (py + (sy + 0.5) / SUBSAMPLES) / size;
          let sr = 0,
            sg = 0,
            sb = 0,
            sa = 0;
          for (const { color, shape } of layers) {
            if (!shape(x, y, size)) continue;
            const ca = color[3] / 255;
            sr = color[0] * ca + sr * (1 - ca);
            sg = color[1] * ca + sg * (1 - ca);
            sb = color[2] * ca + sb * (1 - ca);
            sa = ca + sa * (1 - ca);
          }
          r += sr;
          g += sg;
          b += sb;
          a += sa;
        }
      }
      const n = SUBSAMPLES * SUBSAMPLES;
      const i = (py * size + px) * 4;
      out[i + 3] = Math.round((a / n) * 255);
      if (a > 0) {
        out[i] = Math.round(r / a);
        out[i + 1] = Math.round(g / a);
        out[i + 2] = Math.round(b / a);
      }
    }
  }
  return out;
}

function distanceToSegment(x: number, y: number, [ax, ay]: number[], [bx, by]: number[]): number {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

// The add-in mark: a green leaf on the diagonal, with a vein and a stem.
const LEAF_BASE = [0.2, 0.8];
const LEAF_TIP = [0.86, 0.14];
const LEAF_HALF_WIDTH = 0.23;

/** The lens between two circles that both pass through the leaf's base and tip. */
const leaf: Shape = (x, y) => {
  const [ax, ay] = LEAF_BASE,
    [bx, by] = LEAF_TIP;
  const half = Math.hypot(bx - ax, by - ay) / 2;
  const radius = (half * half + LEAF_HALF_WIDTH * LEAF_HALF_WIDTH) / (2 * LEAF_HALF_WIDTH);
  const offset = radius - LEAF_HALF_WIDTH;
  const mx = (ax + bx) / 2,
    my = (ay + by) / 2;
  const nx = -(by - ay) / (2 * half),
    ny = (bx - ax) / (2 * half); // unit normal to the axis
  return (
    Math.hypot(x - (mx + nx * offset), y - (my + ny * offset)) <= radius &&
    Math.hypot(x - (mx - nx * offset), y - (my - ny * offset)) <= radius
  );
};
const vein: Shape = (x, y, size) => distanceToSegment(x, y, [0.27, 0.73], [0.74, 0.26]) <= Math.max(0.022, 0.5 / size);
const stem: Shape = (x, y, size) => distanceToSegment(x, y, [0.08, 0.92], LEAF_BASE) <= Math.max(0.035, 0.6 / size);

const ICON_LAYERS: Layer[] = [
  { color: [27, 94, 32, 255], shape: stem },
  { color: [46, 125, 50, 255], shape: leaf },
  { color: [200, 230, 201, 255], shape: vein },
];

/** A shape drawn inside a margin of `inset` (unit coordinates) on every side. */
const inset =
  (shape: Shape, margin: number): Shape =>
  (x, y, size) =>
    shape((x - margin) / (1 - 2 * margin), (y - margin) / (1 - 2 * margin), size * (1 - 2 * margin));
const roundedSquare: Shape = (x, y) => {
  const r = 0.18;
  const dx = Math.max(r - x, 0, x - (1 - r)),
    dy = Math.max(r - y, 0, y - (1 - r));
  return Math.hypot(dx, dy) <= r;
};
// The unified manifest's app icons (build/manifest/facts.js): the leaf on a pale tile in colour, and
// the leaf's silhouette in white on transparent as the outline.
const COLOR_ICON_LAYERS: Layer[] = [
  { color: [232, 245, 233, 255], shape: roundedSquare },
  ...ICON_LAYERS.map((layer) => ({ ...layer, shape: inset(layer.shape, 0.16) })),
];
const OUTLINE_ICON_LAYERS: Layer[] = [
  { color: [255, 255, 255, 255], shape: (x, y, size) => leaf(x, y, size) || stem(x, y, size) },
];

// Stand-in logo for the data provider (the real service's logo replaces it in production):
// a deep teal disc crossed by two white waves.
const LOGO_TEAL: Rgba = [15, 76, 92, 255];
const WAVES = [0.4, 0.6].map((centre) => (x: number) => centre + 0.06 * Math.sin(2 * Math.PI * (x * 1.5 + 0.1)));
const WAVE_HALF_WIDTH = 0.045;
const disc: Shape = (x, y) => Math.hypot(x - 0.5, y - 0.5) <= 0.48;
const waves: Shape = (x, y) =>
  Math.hypot(x - 0.5, y - 0.5) <= 0.4 && WAVES.some((wave) => Math.abs(y - wave(x)) <= WAVE_HALF_WIDTH);
const LOGO_LAYERS: Layer[] = [
  { color: LOGO_TEAL, shape: disc },
  { color: [255, 255, 255, 255], shape: waves },
];

/** The same logo as SVG (vector, for places that scale it). */
function logoSvg(): string {
  const hex = (c: Rgba) =>
    '#' +
    c
      .slice(0, 3)
      .map((v) => v.toString(16).padStart(2, '0'))
      .join('');
  const clipR = 40;
  const paths = WAVES.map((wave) => {
    const points: string[] = [];
    for (let i = 0; i <= 40; i++) {
      const x = 0.05 + (0.9 * i) / 40;
      points.push(`${(x * 100).toFixed(2)},${(wave(x) * 100).toFixed(2)}`);
    }
    const stroke = `stroke="#ffffff" stroke-width="${WAVE_HALF_WIDTH * 200}"`;
    return `<polyline points="${points.join(' ')}" fill="none" ${stroke} clip-path="url(#inner)"/>`;
  });
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="128" height="128" role="img" ' +
      'aria-label="Climate data provider (stand-in logo)">',
    `<clipPath id="inner"><circle cx="50" cy="50" r="${clipR}"/></clipPath>`,
    `<circle cx="50" cy="50" r="48" fill="${hex(LOGO_TEAL)}"/>`,
    ...paths,
    '</svg>',
    '',
  ].join('\n');
}

function main(): void {
  const assets = join(__dirname, '..', '..', 'assets');
  mkdirSync(assets, { recursive: true });
  for (const size of [16, 32, 64, 80]) {
    writeFileSync(join(assets, `icon-${size}.png`), encodePng(size, size, render(size, ICON_LAYERS)));
  }
  writeFileSync(join(assets, 'icon-color-192.png'), encodePng(192, 192, render(192, COLOR_ICON_LAYERS)));
  writeFileSync(join(assets, 'icon-outline-32.png'), encodePng(32, 32, render(32, OUTLINE_ICON_LAYERS)));
  writeFileSync(join(assets, 'logo-provider.png'), encodePng(128, 128, render(128, LOGO_LAYERS)));
  writeFileSync(join(assets, 'logo-provider.svg'), logoSvg());
  console.log(`Icons and provider logo written to ${assets}`);
}

main();
