// The unified manifest for Microsoft 365 (manifest.json), validated offline against the JSON schema of
// the manifest version it declares, as Microsoft publishes it (the @microsoft/app-manifest package
// ships every version's schema): the development copy at the top and dist/manifest.json as
// `npm run build` writes it; then what the schema cannot see (the wiring of buttons to actions, the
// alternates rule, URLs and icons).
import { execFileSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { productionDist, removeTempDirs, ROOT } from '../build/dist';
import { loadXml, readOwnPng, readUnified, type UnifiedManifest } from './manifests';
import { schemaValidator } from './schemas';

const { DEV_URL } = require('../../build/manifest/index.js') as { DEV_URL: string };

const SOURCE = join(ROOT, 'manifest.json');
const DIST = productionDist();
afterAll(removeTempDirs);

const targets = [
  { label: 'manifest.json (development)', file: SOURCE, dir: ROOT, base: () => DEV_URL },
  {
    label: 'dist/manifest.json (production)',
    file: join(DIST, 'manifest.json'),
    dir: DIST,
    // The production base is whatever the build was given: read it from the runtime's page.
    base: () =>
      readUnified(join(DIST, 'manifest.json')).extensions[0].runtimes[0].code.page.replace(/taskpane\.html$/, ''),
  },
];

describe.each(targets)('$label', ({ file, dir, base }) => {
  const manifest = readUnified(file);
  const [extension] = manifest.extensions;

  test('is valid against the published schema of the manifest version it declares', () => {
    expect(manifest.manifestVersion).toMatch(/^1\.\d+$/);
    expect(manifest.$schema).toBe(
      `https://developer.microsoft.com/json-schemas/teams/v${manifest.manifestVersion}/MicrosoftTeams.schema.json`,
    );
    expect(schemaValidator(manifest.manifestVersion)(manifest)).toEqual([]);
  });

  test("passes `office-addin-manifest validate` (for this format it checks offline, with Microsoft's validator)", () => {
    const cli = require.resolve('office-addin-manifest/cli.js');
    // Exits 1 and names the fault for a manifest Microsoft's validator refuses (an unknown key, say).
    expect(() => execFileSync(process.execPath, [cli, 'validate', file], { cwd: ROOT, stdio: 'pipe' })).not.toThrow();
  });

  test('is an Excel add-in in one long-lived shared runtime: page, functions script, CLIMATE functions', () => {
    expect(extension.requirements.scopes).toEqual(['workbook']);
    expect(extension.runtimes).toHaveLength(1);
    const [runtime] = extension.runtimes;
    expect(runtime.lifetime).toBe('long');
    expect(runtime.code).toEqual({ page: `${base()}taskpane.html`, script: `${base()}functions.js` });
    expect(runtime.customFunctions).toEqual({
      namespace: { id: 'CLIMATE', name: 'CLIMATE' },
      metadataUrl: `${base()}functions.json`,
    });
    expect(runtime.actions.map(({ id, type }) => `${type} ${id}`)).toEqual([
      'openPage openPane',
      'executeFunction scoreSelection',
      'executeFunction refreshAll',
      'executeFunction buildSummary',
    ]);
  });

  // configure-your-add-in-to-use-a-shared-runtime, "Good practice: avoid multiple task panes": no
  // action of the long-lived runtime names a `view`, or Open pane may start a second pane apart from
  // the functions' engine.
  test('opens its one pane in the shared runtime: no action names a view', () => {
    const actions = extension.runtimes.flatMap((runtime) => runtime.actions);
    expect(actions.filter((action) => action.view !== undefined)).toEqual([]);
  });

  test('every ribbon button runs an action of the runtime, and ids are unique', () => {
    const actions = new Set(extension.runtimes.flatMap((runtime) => runtime.actions.map((action) => action.id)));
    const controls = extension.ribbons.flatMap((r) => r.tabs.flatMap((t) => t.groups.flatMap((g) => g.controls)));
    expect(controls.length).toBe(4);
    for (const control of controls)
      expect({ control: control.id, runs: actions.has(control.actionId) }).toEqual({ control: control.id, runs: true });
    const ids = [
      ...controls.map((c) => c.id),
      ...extension.ribbons.flatMap((r) => r.tabs.flatMap((t) => t.groups.map((g) => g.id))),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('hides the add-in only manifest’s add-in where both are installed, under an id of its own', () => {
    const xmlId = loadXml(file.replace(/\.json$/, '.xml')).root.children.find((e) => e.name === 'Id')!.text;
    expect(extension.alternates).toEqual([{ hide: { customOfficeAddin: { officeAddinId: xmlId } } }]);
    expect(manifest.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(manifest.id).not.toBe(xmlId);
  });

  test('every URL is https under the base URL, the service domain aside, and names a file the add-in serves', () => {
    const found = JSON.stringify(manifest)
      .match(/"https?:\/\/[^"]*"/g)!
      .map((quoted) => JSON.parse(quoted) as string)
      .filter((url) => url !== manifest.$schema);
    expect(found.length).toBeGreaterThan(10);
    for (const url of found) expect(url).toMatch(/^https:\/\//);
    expect(found.filter((url) => !url.startsWith(base()))).toEqual(manifest.validDomains);
    for (const url of found.filter((url) => url.startsWith(base()))) {
      const relative = url.slice(base().length).replace(/#.*$/, '');
      // The source tree holds assets/ but for the support pages, which the build writes; the build holds
      // everything the manifest names.
      if (dir === ROOT && (!relative.startsWith('assets/') || /^assets\/support\b/.test(relative))) continue;
      expect({ url, exists: existsSync(join(dir, relative)) }).toEqual({ url, exists: true });
    }
  });

  test('the app package icons: a 192 px colour PNG and a 32 px outline, white on transparent', () => {
    const color = readOwnPng(join(dir, manifest.icons.color));
    expect({ width: color.width, height: color.height }).toEqual({ width: 192, height: 192 });
    const outline = readOwnPng(join(dir, manifest.icons.outline));
    expect({ width: outline.width, height: outline.height, colorType: outline.colorType }).toEqual({
      width: 32,
      height: 32,
      colorType: 6,
    });
    const colours = new Set<string>();
    for (let y = 0; y < 32; y++) {
      for (let x = 0; x < 32; x++) {
        const [r, g, b, a] = outline.pixel(x, y);
        colours.add(a === 0 ? 'transparent' : `${r},${g},${b}`);
      }
    }
    expect([...colours].sort()).toEqual(['255,255,255', 'transparent']);
    expect(outline.pixel(0, 0)[3]).toBe(0);
  });

  test('ribbon icons are PNGs of the sizes they declare', () => {
    const icons = extension.ribbons.flatMap((r) =>
      r.tabs.flatMap((t) => t.groups.flatMap((g) => [...g.icons, ...g.controls.flatMap((c) => c.icons)])),
    );
    expect(new Set(icons.map((icon) => icon.size))).toEqual(new Set([16, 32, 80]));
    for (const { size, url } of icons) {
      const { width, height } = readOwnPng(join(dir, url.slice(base().length)));
      expect({ url, width, height }).toEqual({ url, width: size, height: size });
    }
  });
});

describe("the schema check catches what Microsoft's schema forbids", () => {
  const manifest = readUnified(SOURCE);
  const validate = schemaValidator(manifest.manifestVersion);
  const broken = (change: (copy: UnifiedManifest) => void) => {
    const copy = JSON.parse(JSON.stringify(manifest)) as UnifiedManifest;
    change(copy);
    return validate(copy).join('\n');
  };

  test.each<[string, (copy: UnifiedManifest) => void, RegExp]>([
    [
      'a namespace with a space',
      (m) => (m.extensions[0].runtimes[0].customFunctions!.namespace.id = 'CLIMATE DATA'),
      /namespace\/id must match pattern/,
    ],
    [
      'a page over plain http',
      (m) => (m.extensions[0].runtimes[0].code.page = 'http://localhost:3000/taskpane.html'),
      /code\/page must match pattern/,
    ],
    [
      'a short name over 30 characters',
      (m) => (m.name.short = 'Climate profiles for every supplier'),
      /name\/short must NOT have more than 30 characters/,
    ],
    [
      'no developer',
      (m) => delete (m as Partial<UnifiedManifest>).developer,
      /must have required property 'developer'/,
    ],
    [
      'a property the schema does not know',
      (m) => Object.assign(m.extensions[0], { functionFile: 'x' }),
      /must NOT have additional properties/,
    ],
  ])('%s', (_, change, message) => {
    expect(broken(change)).toMatch(message);
  });
});

describe('the production manifest', () => {
  test('leaves no localhost URL and differs from the source only by the base URL', () => {
    const built = readFileSync(join(DIST, 'manifest.json'), 'utf8');
    expect(built).not.toMatch(/localhost|127\.0\.0\.1/);
    expect(built).toBe(readFileSync(SOURCE, 'utf8').split(DEV_URL).join(targets[1].base()));
  });
});
