/**
 * A picture of a line chart the pane added to the shim's sheet, for the docs (docs/summary-sheet.md):
 * its title, each series as a line over its categories, a legend, as the test reads them from the
 * dump. The shim records a chart and does not draw one: this is the test's drawing of what Excel is
 * asked to draw (series, points, the dashed line), not Excel's rendering.
 */
import type { BrowserContext } from 'playwright-core';
import type { SheetDump } from './excelShim';

/** The cells of an A1 range on `sheet` (`Q28:Q29`, `Q28`), top to bottom, as numbers or texts. */
function cellsOf(sheet: SheetDump, a1: string): unknown[] {
  const box = a1.split(':').map((part) => {
    const [, letters, digits] = /^([A-Z]+)(\d+)$/.exec(part)!;
    return { row: Number(digits) - 1, column: [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1 };
  });
  const [from, to = from] = box;
  const valueAt = (row: number, column: number): unknown => {
    const cell = sheet.cells.find((c) => c.row === row && c.column === column);
    // The shim does not calculate: a reference to one cell (the target's `=$Q$7`) is read through.
    const reference = /^=\$?([A-Z]+)\$?(\d+)$/.exec(cell?.formula ?? '');
    return reference ? cellsOf(sheet, `${reference[1]}${reference[2]}`)[0] : cell?.value;
  };
  const out: unknown[] = [];
  for (let row = from.row; row <= to.row; row++) out.push(valueAt(row, from.column));
  return out;
}

/** Draws the chart named `name` on `sheet` into `path`, 480 × 288 pixels (Excel's default chart size). */
export async function drawLineChart(
  context: BrowserContext,
  sheet: SheetDump,
  name: string,
  path: string,
): Promise<void> {
  const chart = sheet.charts.find((c) => c.name === name)!;
  const series = chart.series.map((s) => ({
    name: s.name,
    dashed: s.lineStyle === 'Dash',
    values: cellsOf(sheet, s.values).map(Number),
  }));
  const categories = cellsOf(sheet, chart.series[0].categories!).map(String);
  const page = await context.newPage();
  await page.setViewportSize({ width: 480, height: 288 });
  await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
  await page.evaluate(
    ({ title, series, categories }) => {
      const [w, h, left, top, bottom] = [480, 288, 48, 44, 56];
      const x = (i: number) =>
        left + 24 + (w - left - 96) * (categories.length === 1 ? 0.5 : i / (categories.length - 1));
      const y = (v: number) => top + (h - top - bottom) * (1 - v);
      const colours = ['#156082', '#e97132', '#196b24'];
      const parts = [`<rect width="${w}" height="${h}" fill="#fff" stroke="#d9d9d9"/>`];
      parts.push(`<text x="${w / 2}" y="22" text-anchor="middle" font-size="12">${title}</text>`);
      for (let p = 0; p <= 100; p += 25)
        parts.push(
          `<line x1="${left}" x2="${w - 48}" y1="${y(p / 100)}" y2="${y(p / 100)}" stroke="#e6e6e6"/>`,
          `<text x="${left - 6}" y="${y(p / 100) + 4}" text-anchor="end" font-size="10" fill="#595959">${p}%</text>`,
        );
      categories.forEach((c, i) =>
        parts.push(
          `<text x="${x(i)}" y="${h - bottom + 16}" text-anchor="middle" font-size="10" fill="#595959">${c}</text>`,
        ),
      );
      series.forEach((s, k) => {
        const points = s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ');
        const dash = s.dashed ? ' stroke-dasharray="6 4"' : '';
        parts.push(`<polyline points="${points}" fill="none" stroke="${colours[k % 3]}" stroke-width="2.25"${dash}/>`);
        s.values.forEach((v, i) => parts.push(`<circle cx="${x(i)}" cy="${y(v)}" r="3" fill="${colours[k % 3]}"/>`));
        const lx = left + k * 130;
        parts.push(
          `<line x1="${lx}" x2="${lx + 18}" y1="${h - 14}" y2="${h - 14}" stroke="${colours[k % 3]}" stroke-width="2.25"${dash}/>`,
          `<text x="${lx + 22}" y="${h - 10}" font-size="10">${s.name}</text>`,
        );
      });
      document.body.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="Segoe UI,Arial,sans-serif">${parts.join('')}</svg>`;
    },
    { title: chart.title, series, categories },
  );
  await page.screenshot({ path });
  await page.close();
}
