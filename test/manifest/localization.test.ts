// The manifests in the add-in's languages: Office shows the add-in's name, description, Get Started
// callout and ribbon in the user's Office language, and Excel takes the functions' descriptions from
// that language's metadata file. The add-in only manifest says so with <Override> elements per Office
// locale; the unified manifest with one localization file per language (Microsoft's "Localization for
// Office Add-ins"), validated here against the Localization schema Microsoft publishes.
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { productionDist, removeTempDirs, ROOT } from '../build/dist';
import { loadXml, readUnified } from './manifests';
import { schemaValidator } from './schemas';
import { path, type XmlElement } from './xml';

interface ManifestWords {
  name: string;
  unifiedName: { short: string; full: string };
  description: { short: string; long: string };
  getStarted: { title: string; description: string };
  group: string;
  buttons: Record<string, { label: string; tooltip: string }>;
}
const LOCALES = require('../../src/i18n/locales.json') as {
  default: string;
  languages: Record<string, { officeLocales: string[] }>;
};
const LANGUAGES = Object.keys(LOCALES.languages).filter((language) => language !== LOCALES.default);
const words = (language: string) =>
  JSON.parse(readFileSync(join(ROOT, 'src/i18n/manifest', `${language}.json`), 'utf8')) as ManifestWords;

const DIST = productionDist();
afterAll(removeTempDirs);

describe.each([
  { label: 'development', dir: ROOT },
  { label: 'production (dist/)', dir: DIST },
])('$label', ({ dir }) => {
  describe('manifest.xml', () => {
    const { root, all } = loadXml(join(dir, 'manifest.xml'));
    const overridesOf = (element: XmlElement | undefined) =>
      Object.fromEntries((element?.children ?? []).map((child) => [child.attributes.Locale, child.attributes.Value]));
    const resource = (id: string) =>
      all.find((element) => element.attributes.id === id && element.name.startsWith('bt:'));
    const base = resource('Taskpane.Url')!.attributes.DefaultValue.replace(/taskpane\.html$/, '');

    test.each(LANGUAGES)(
      '%s: every Office locale of the language gets its name, description, ribbon and metadata',
      (language) => {
        const translated = words(language);
        for (const locale of LOCALES.languages[language].officeLocales) {
          const expected = {
            locale,
            name: translated.name,
            support: `${base}assets/support.${language}.html`,
            description: translated.description.long,
            metadata: `${base}functions-${language}.json`,
            group: translated.group,
            getStarted: [translated.getStarted.title, translated.getStarted.description],
            buttons: Object.values(translated.buttons).map((button) => [button.label, button.tooltip]),
          };
          const buttonIds = all
            .filter((element) => element.name === 'Control')
            .map((control) => control.attributes.id.replace(/^Climate\./, ''));
          expect({
            locale,
            name: overridesOf(path(root, 'DisplayName')[0])[locale],
            support: overridesOf(path(root, 'SupportUrl')[0])[locale],
            description: overridesOf(path(root, 'Description')[0])[locale],
            metadata: overridesOf(resource('Functions.Metadata.Url'))[locale],
            group: overridesOf(resource('Climate.Group.Label'))[locale],
            getStarted: [
              overridesOf(resource('GetStarted.Title'))[locale],
              overridesOf(resource('GetStarted.Description'))[locale],
            ],
            buttons: buttonIds.map((id) => [
              overridesOf(resource(`${id}.Label`))[locale],
              overridesOf(resource(`${id}.Tooltip`))[locale],
            ]),
          }).toEqual(expected);
        }
      },
    );

    test('the functions namespace is CLIMATE in every language: it has no override', () => {
      expect(resource('Functions.Namespace')!.children).toEqual([]);
    });
  });

  describe('manifest.json', () => {
    const manifest = readUnified(join(dir, 'manifest.json'));
    const validate = schemaValidator(manifest.manifestVersion, 'MicrosoftTeams.Localization.schema.json');
    /** The manifest's value at a localization key such as extensions[0].ribbons[0].tabs[0].groups[0].label. */
    const at = (key: string): unknown =>
      key
        .split(/\.|(?=\[)/)
        .map((part) => (part.startsWith('[') ? Number(part.slice(1, -1)) : part))
        .reduce<unknown>((value, part) => (value as Record<string | number, unknown> | undefined)?.[part], manifest);

    test('names one localization file per language', () => {
      expect(manifest.localizationInfo.additionalLanguages?.map((entry) => entry.languageTag)).toEqual(LANGUAGES);
    });

    test.each(LANGUAGES)(
      "%s: the file is valid, each key is a place in the manifest, and its words are the table's",
      (language) => {
        const entry = manifest.localizationInfo.additionalLanguages!.find(
          (candidate) => candidate.languageTag === language,
        )!;
        const file = join(dir, entry.file);
        expect(existsSync(file)).toBe(true);
        const strings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
        expect(validate(strings)).toEqual([]);
        const keys = Object.keys(strings).filter((key) => key !== '$schema' && !/^(name|description)\./.test(key));
        expect(keys.filter((key) => typeof at(key) !== 'string')).toEqual([]);
        const translated = words(language);
        expect(strings['name.short']).toBe(translated.unifiedName.short);
        expect(strings['extensions[0].runtimes[0].customFunctions.metadataUrl']).toBe(
          (at('extensions[0].runtimes[0].customFunctions.metadataUrl') as string).replace(
            /functions\.json$/,
            `functions-${language}.json`,
          ),
        );
        // Every English string of the ribbon has its counterpart in this language.
        const group = manifest.extensions[0].ribbons[0].tabs[0].groups[0];
        group.controls.forEach((control, i) => {
          const prefix = `extensions[0].ribbons[0].tabs[0].groups[0].controls[${i}]`;
          expect([strings[`${prefix}.label`], strings[`${prefix}.supertip.description`]]).toEqual([
            translated.buttons[control.id].label,
            translated.buttons[control.id].tooltip,
          ]);
        });
      },
    );
  });
});

test.each(LANGUAGES)('the production build hosts functions-%s.json where the manifests point', (language) => {
  expect(existsSync(join(DIST, `functions-${language}.json`))).toBe(true);
});
