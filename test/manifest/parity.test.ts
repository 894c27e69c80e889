// One add-in, two manifests: manifest.xml and manifest.json, each read by its own format's rules, name
// the same functions, pages, URLs and ribbon buttons, in development (the copies at the top of the
// repository, which must be what build/manifest/facts.js renders) and as the build writes them.
import { readFileSync } from 'fs';
import { join } from 'path';
import { productionDist, removeTempDirs, ROOT } from '../build/dist';
import { loadXml, readUnified, summarizeJson, summarizeXml } from './manifests';
import { path } from './xml';

const { DEV_URL, renderManifests } = require('../../build/manifest/index.js') as {
  DEV_URL: string;
  renderManifests: (base: string) => Record<string, string>;
};
const DEV_FILES = renderManifests(DEV_URL);

const DIST = productionDist();
afterAll(removeTempDirs);

test.each(Object.keys(DEV_FILES))('%s in the repository is what the facts render (npm run manifests)', (file) => {
  const current = readFileSync(join(ROOT, file), 'utf8') === DEV_FILES[file];
  expect({ file, current }).toEqual({ file, current: true });
});

describe.each([
  { label: 'development', dir: ROOT },
  { label: 'production (dist/)', dir: DIST },
])('$label', ({ dir }) => {
  const xml = summarizeXml(join(dir, 'manifest.xml'));
  const json = summarizeJson(readUnified(join(dir, 'manifest.json')));

  test('both manifests say the same: pages, functions, requirements, ribbon buttons', () => {
    expect(json).toEqual(xml);
  });

  test('what they say is the add-in: CLIMATE functions, the pane and three commands on Home > Climate', () => {
    const base = xml.runtime.page.replace(/taskpane\.html$/, '');
    expect(xml.customFunctions).toEqual({
      namespace: 'CLIMATE',
      script: `${base}functions.js`,
      metadata: `${base}functions.json`,
      page: `${base}taskpane.html`,
    });
    expect(xml.commandsPage).toBe(xml.runtime.page);
    expect(xml.ribbon.tab).toBe('TabHome');
    expect(xml.ribbon.group.label).toBe('Climate');
    expect(xml.ribbon.buttons.map(({ label, action }) => `${label}: ${action}`)).toEqual([
      'Open pane: ShowTaskpane',
      'Score selection: ExecuteFunction scoreSelection',
      'Refresh: ExecuteFunction refreshAll',
      'Summary: ExecuteFunction buildSummary',
    ]);
  });
});

test('a difference between the manifests shows: a button missing from the unified one', () => {
  const manifest = readUnified(join(ROOT, 'manifest.json'));
  manifest.extensions[0].ribbons[0].tabs[0].groups[0].controls.pop();
  expect(summarizeJson(manifest).ribbon.buttons).not.toEqual(summarizeXml(join(ROOT, 'manifest.xml')).ribbon.buttons);
});

test('the two versions are told apart by name where Office lists add-ins: the short name, not only the full one', () => {
  // Office shows the unified manifest's short name; the add-in only manifest's is its DisplayName.
  const displayName = path(loadXml(join(ROOT, 'manifest.xml')).root, 'DisplayName')[0].attributes.DefaultValue;
  const { name } = readUnified(join(ROOT, 'manifest.json'));
  expect([name.short, name.full]).not.toContain(displayName);
});
