// Offline validation of the add-in only manifest (no XSD covers shared-runtime manifests, and
// `npm run validate` needs the online service): manifest.xml at the top with its development URLs, and
// dist/manifest.xml as `npm run build` writes it for production. Both are rendered from
// build/manifest/facts.js; test/manifest/parity.test.ts checks them against manifest.json.
import { execFileSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import type { ManifestInfo } from 'office-addin-manifest';
import { productionDist, removeTempDirs, ROOT } from '../build/dist';
import { loadXml as load, readOwnPng } from './manifests';
import { descendants, parseXml, path, type XmlElement } from './xml';

const { DEV_URL } = require('../../build/manifest/index.js') as { DEV_URL: string };
const { renderXml } = require('../../build/manifest/xml.js') as { renderXml: (base: string) => string };

const SOURCE = join(ROOT, 'manifest.xml');
const DIST = productionDist();
afterAll(removeTempDirs);

/** Which resource table a `resid` must resolve in, by the referring element's name. */
const RESOURCE_TABLE: Record<string, string> = {
  'bt:Image': 'bt:Images',
  SourceLocation: 'bt:Urls',
  Runtime: 'bt:Urls',
  FunctionFile: 'bt:Urls',
  LearnMoreUrl: 'bt:Urls',
  Label: 'bt:ShortStrings',
  Title: 'bt:ShortStrings',
  Namespace: 'bt:ShortStrings',
  Description: 'bt:LongStrings',
};

/**
 * office-addin-manifest's own reading of the file. It loads ESM-only dependencies that jest's module
 * runtime cannot; Node can, so it runs in a child process, as it does inside the Office CLIs.
 */
function readManifestInfo(file: string): ManifestInfo {
  const script =
    "require('office-addin-manifest').OfficeAddinManifest.readManifestFile(process.argv[1]).then((info) => process.stdout.write(JSON.stringify(info)))";
  return JSON.parse(
    execFileSync(process.execPath, ['-e', script, file], { cwd: ROOT, encoding: 'utf8' }),
  ) as ManifestInfo;
}

function pngSize(file: string): { width: number; height: number } {
  const { width, height } = readOwnPng(file);
  return { width, height };
}

/** Every URL in the manifest: attribute values and element text that look like one (XML namespace
 *  names are identifiers, not locations, and are left out). */
function urls(all: XmlElement[]): string[] {
  return all
    .flatMap((e) => [
      ...Object.entries(e.attributes)
        .filter(([name]) => !/^xmlns(:|$)/.test(name))
        .map(([, value]) => value),
      e.text,
    ])
    .filter((value) => /^[a-z]+:\/\//i.test(value));
}

const targets: Array<{ label: string; file: string; base: () => string; files: (relative: string) => string }> = [
  { label: 'manifest.xml (development)', file: SOURCE, base: () => DEV_URL, files: (relative) => join(ROOT, relative) },
  {
    label: 'dist/manifest.xml (production)',
    file: join(DIST, 'manifest.xml'),
    // The production base is whatever the build was given: read it from the page URL.
    base: () =>
      load(join(DIST, 'manifest.xml'))
        .resources.get('Taskpane.Url')!
        .value.replace(/taskpane\.html$/, ''),
    files: (relative) => join(DIST, relative),
  },
];

describe.each(targets)('$label', ({ file, base, files }) => {
  const manifest = load(file);
  const { root, all, resources, resolve, host, customFunctions } = manifest;

  test('is an Excel task pane add-in with a GUID id, version, names and ReadWriteDocument', () => {
    expect(root.name).toBe('OfficeApp');
    expect(root.attributes['xsi:type']).toBe('TaskPaneApp');
    const info = readManifestInfo(file);
    expect(info.officeAppType).toBe('TaskPaneApp');
    expect(info.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    expect(info.version).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(info.displayName).toBe('Climate profiles');
    expect(info.providerName).toBeTruthy();
    expect(info.supportUrl).toBeTruthy();
    expect(info.appDomains?.length).toBeGreaterThan(0);
    expect(info.hosts).toEqual(['Workbook']);
    expect(info.permissions).toBe('ReadWriteDocument');
    expect(host.attributes['xsi:type']).toBe('Workbook');
  });

  test('requires the shared runtime 1.1 and custom functions runtime 1.2', () => {
    const sets = path(root, 'Requirements', 'Sets', 'Set').map(
      (s) => `${s.attributes.Name} ${s.attributes.MinVersion}`,
    );
    expect(sets).toEqual(expect.arrayContaining(['SharedRuntime 1.1', 'CustomFunctionsRuntime 1.2']));
  });

  test('runs page, functions and ribbon commands in one long-lived runtime', () => {
    const runtimes = path(host, 'Runtimes', 'Runtime');
    expect(runtimes).toHaveLength(1);
    expect(runtimes[0].attributes.lifetime).toBe('long');
    const runtimeResid = runtimes[0].attributes.resid;
    expect(path(customFunctions, 'Page', 'SourceLocation')[0].attributes.resid).toBe(runtimeResid);
    expect(path(host, 'DesktopFormFactor', 'FunctionFile')[0].attributes.resid).toBe(runtimeResid);
    const showTaskpane = all.filter((e) => e.name === 'Action' && e.attributes['xsi:type'] === 'ShowTaskpane');
    expect(showTaskpane).toHaveLength(1);
    expect(path(showTaskpane[0], 'SourceLocation')[0].attributes.resid).toBe(runtimeResid);
    expect(resolve(runtimes[0])).toBe(`${base()}taskpane.html`);
  });

  // configure-your-add-in-to-use-a-shared-runtime, "Good practice: avoid multiple task panes": no
  // <Action> under the long-lived runtime's controls has a <TaskpaneId>, or Open pane may start a second
  // pane (and runtime) apart from the functions' engine.
  test('opens its one pane in the shared runtime: no Action carries a TaskpaneId', () => {
    const actions = all.filter((e) => e.name === 'Action');
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.filter((action) => path(action, 'TaskpaneId').length > 0)).toEqual([]);
  });

  test('declares the CLIMATE custom functions: script, page and generated metadata', () => {
    expect(resolve(path(customFunctions, 'Namespace')[0])).toBe('CLIMATE');
    expect(resolve(path(customFunctions, 'Script', 'SourceLocation')[0])).toBe(`${base()}functions.js`);
    expect(resolve(path(customFunctions, 'Metadata', 'SourceLocation')[0])).toBe(`${base()}functions.json`);
  });

  test('has a Climate group on the Home tab: Open pane, Score selection, Refresh, Summary', () => {
    const tab = all.find((e) => e.name === 'OfficeTab')!;
    expect(tab.attributes.id).toBe('TabHome');
    const group = path(tab, 'Group')[0];
    expect(resolve(path(group, 'Label')[0])).toBe('Climate');
    const controls = path(group, 'Control').map((control) => {
      const action = path(control, 'Action')[0];
      return {
        label: resolve(path(control, 'Label')[0]),
        action: action.attributes['xsi:type'],
        functionName: path(action, 'FunctionName')[0]?.text,
      };
    });
    expect(controls).toEqual([
      { label: 'Open pane', action: 'ShowTaskpane', functionName: undefined },
      { label: 'Score selection', action: 'ExecuteFunction', functionName: 'scoreSelection' },
      { label: 'Refresh', action: 'ExecuteFunction', functionName: 'refreshAll' },
      { label: 'Summary', action: 'ExecuteFunction', functionName: 'buildSummary' },
    ]);
  });

  test('every resid resolves to a resource of the right kind, ids are unique and within limits', () => {
    const references = all.filter((e) => e.attributes.resid !== undefined);
    expect(references.length).toBeGreaterThan(10);
    for (const element of references) {
      const { resid } = element.attributes;
      expect(resid.length).toBeLessThanOrEqual(32); // the schema's limit
      expect({ resid, table: resources.get(resid)?.table }).toEqual({ resid, table: RESOURCE_TABLE[element.name] });
    }
    const ids = all
      .filter((e) => e.attributes.id !== undefined && !e.name.startsWith('bt:'))
      .map((e) => e.attributes.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { table, value } of resources.values()) {
      if (table === 'bt:ShortStrings') expect(value.length).toBeLessThanOrEqual(125);
      if (table === 'bt:LongStrings') expect(value.length).toBeLessThanOrEqual(250);
    }
  });

  test('every URL is https, and the add-in URLs all sit under the base URL and exist', () => {
    const found = urls(all);
    expect(found.length).toBeGreaterThan(5);
    for (const url of found) expect(url).toMatch(/^https:\/\//);
    const own = found.filter((url) => url.startsWith(base()));
    expect(own.length).toBeGreaterThan(5);
    const foreign = found.filter((url) => !url.startsWith(base()));
    expect(foreign).toEqual(all.filter((e) => e.name === 'AppDomain').map((e) => e.text));
    for (const url of own) {
      const relative = url.slice(base().length);
      // The source tree holds assets/ but for the support pages, which the build writes; the build holds
      // everything the manifest names.
      if (file === SOURCE && (!relative.startsWith('assets/') || /^assets\/support\b/.test(relative))) continue;
      expect({ url, exists: existsSync(files(relative)) }).toEqual({ url, exists: true });
    }
  });

  test('icons are PNGs of the declared sizes', () => {
    const declared = [
      ...all
        .filter((e) => e.name === 'bt:Image' && e.attributes.size)
        .map((e) => ({ url: resolve(e), size: Number(e.attributes.size) })),
      { url: path(root, 'IconUrl')[0].attributes.DefaultValue, size: 32 },
      { url: path(root, 'HighResolutionIconUrl')[0].attributes.DefaultValue, size: 64 },
    ];
    expect(new Set(declared.map((d) => d.size))).toEqual(new Set([16, 32, 64, 80]));
    for (const { url, size } of declared) {
      expect(url.startsWith(`${base()}assets/`)).toBe(true);
      expect({ url, ...pngSize(files(url.slice(base().length))) }).toEqual({ url, width: size, height: size });
    }
  });
});

describe('the production manifest', () => {
  const source = readFileSync(SOURCE, 'utf8');
  const built = readFileSync(join(DIST, 'manifest.xml'), 'utf8');

  test('leaves no localhost URL and differs from the source only by the base URL', () => {
    expect(built).not.toMatch(/localhost|127\.0\.0\.1/);
    const base = targets[1].base();
    expect(base).toMatch(/^https:\/\/[^/]+\/(.+\/)?$/);
    expect(built).toBe(source.split(DEV_URL).join(base));
  });

  test('puts every development URL on the given production URL', () => {
    const rebased = renderXml('https://addins.contoso.test/climate/');
    const found = urls(descendants(parseXml(rebased)));
    expect(found.filter((url) => url.startsWith('https://addins.contoso.test/climate/')).length).toBe(
      urls(descendants(parseXml(source))).filter((url) => url.startsWith(DEV_URL)).length,
    );
    expect(rebased).not.toContain('localhost');
  });
});
