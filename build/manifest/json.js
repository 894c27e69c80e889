// @ts-check
/**
 * The unified manifest for Microsoft 365 (manifest.json) rendered from the add-in's facts (./facts.js)
 * for one base URL. The shared runtime is one entry of extensions[].runtimes: its page and script, its
 * actions (the ribbon's executeFunction commands and the pane's openPage) and customFunctions (the
 * CLIMATE namespace and the metadata URL of the functions.json the build generates from JSDoc).
 * `alternates` hides the add-in only manifest's add-in where both are installed.
 */
'use strict';

const { facts } = require('./facts');
const { manifestTranslations } = require('./translations');
const { metadataFile } = require('../functionsLocales');
const { supportPage } = require('../languagePages');

/** The schema version the manifest declares; test/manifest validates against this version's published schema. */
const MANIFEST_VERSION = '1.30';
const SCHEMA_URL = `https://developer.microsoft.com/json-schemas/teams/v${MANIFEST_VERSION}/MicrosoftTeams.schema.json`;
const LOCALIZATION_SCHEMA_URL = `https://developer.microsoft.com/json-schemas/teams/v${MANIFEST_VERSION}/MicrosoftTeams.Localization.schema.json`;
/**
 * Where a language's strings travel: beside the manifest in the app package (office-addin-manifest's
 * export adds every localizationInfo file). In assets/ so that the development copies have a home
 * below the repository's top; the build writes its own with production URLs (not copied from assets/).
 */
const LOCALIZATION_FOLDER = 'assets/manifest-locales';
const localizationFile = (/** @type {string} */ language) => `${LOCALIZATION_FOLDER}/${language}.json`;
const RUNTIME_ID = 'SharedRuntime';
/**
 * The openPage action's id. It names no `view`: Microsoft's shared-runtime guidance ("avoid multiple
 * task panes") wants none on a long-lived runtime's actions, so Open pane shows the runtime's own page.
 */
const PANE_ACTION = 'openPane';

/** The action a button runs: its function's name (what commands.ts associates), or the pane's. */
const actionId = (/** @type {import('./facts').Button} */ button) =>
  button.action.type === 'executeFunction' ? button.action.functionName : PANE_ACTION;

/** @param {string} base */
const ribbonIcons = (base) => facts.icons.ribbon.map((size) => ({ size, url: base + facts.icons.files[size] }));

/** @param {string} base */
function runtime(base) {
  const { pages, customFunctions, ribbon, requirements } = facts;
  return {
    requirements: { capabilities: requirements.filter((set) => set.name === 'SharedRuntime') },
    id: RUNTIME_ID,
    type: 'general',
    code: { page: base + pages.runtime, script: base + customFunctions.script },
    lifetime: 'long',
    actions: ribbon.buttons.map((button) =>
      button.action.type === 'executeFunction'
        ? { id: actionId(button), type: 'executeFunction', displayName: button.label }
        : { id: actionId(button), type: 'openPage', displayName: button.label },
    ),
    customFunctions: {
      namespace: { id: customFunctions.namespace, name: customFunctions.namespace },
      metadataUrl: base + customFunctions.metadata,
    },
  };
}

/** @param {string} base */
function ribbon(base) {
  const { tab, group, buttons } = facts.ribbon;
  return {
    requirements: { capabilities: [{ name: 'AddinCommands', minVersion: '1.1' }], formFactors: ['desktop'] },
    contexts: ['default'],
    tabs: [
      {
        builtInTabId: tab,
        groups: [
          {
            id: group.id,
            label: group.label,
            icons: ribbonIcons(base),
            controls: buttons.map((button) => ({
              id: button.id,
              type: 'button',
              label: button.label,
              icons: ribbonIcons(base),
              supertip: { title: button.label, description: button.tooltip },
              actionId: actionId(button),
            })),
          },
        ],
      },
    ],
  };
}

/**
 * manifest.json for add-in files hosted at `base`, as an object.
 * @param {string} base the add-in's base URL, ending with "/"
 */
function unifiedManifest(base) {
  const { pages } = facts;
  return {
    $schema: SCHEMA_URL,
    manifestVersion: MANIFEST_VERSION,
    id: facts.appId,
    version: facts.version,
    name: { short: facts.unifiedName.short, full: facts.unifiedName.full },
    description: { short: facts.description.short, full: facts.description.long },
    developer: {
      name: facts.provider,
      websiteUrl: base + pages.support,
      privacyUrl: base + pages.privacy,
      termsOfUseUrl: base + pages.terms,
    },
    icons: { color: facts.packageIcons.color, outline: facts.packageIcons.outline },
    accentColor: facts.accentColor,
    localizationInfo: {
      defaultLanguageTag: facts.locale.toLowerCase(),
      additionalLanguages: manifestTranslations().map(({ language }) => ({
        languageTag: language,
        file: localizationFile(language),
      })),
    },
    validDomains: facts.appDomains,
    authorization: { permissions: { resourceSpecific: [{ name: facts.permission.json, type: 'Delegated' }] } },
    extensions: [
      {
        requirements: { scopes: ['workbook'], capabilities: facts.requirements },
        runtimes: [runtime(base)],
        ribbons: [ribbon(base)],
        getStartedMessages: [{ ...facts.getStarted, learnMoreUrl: base + pages.support }],
        alternates: [{ hide: { customOfficeAddin: { officeAddinId: facts.addinId } } }],
      },
    ],
  };
}

/**
 * One language's localization file: the unified manifest's words in that language, addressed by their
 * place in the manifest (the Localization schema's keys), and the functions' metadata in that language.
 * @param {string} base the add-in's base URL, ending with "/"
 * @param {import('./translations').Translation} translation
 */
function localization(base, { language, words }) {
  const extension = 'extensions[0]';
  const group = `${extension}.ribbons[0].tabs[0].groups[0]`;
  const runtimeKey = `${extension}.runtimes[0]`;
  const buttons = facts.ribbon.buttons;
  return {
    $schema: LOCALIZATION_SCHEMA_URL,
    'name.short': words.unifiedName.short,
    'name.full': words.unifiedName.full,
    'description.short': words.description.short,
    'description.full': words.description.long,
    [`${runtimeKey}.customFunctions.metadataUrl`]: base + metadataFile(language),
    ...Object.fromEntries(
      buttons.map((button, index) => [`${runtimeKey}.actions[${index}].displayName`, words.buttons[button.id].label]),
    ),
    [`${group}.label`]: words.group,
    ...Object.fromEntries(
      buttons.flatMap((button, index) => [
        [`${group}.controls[${index}].label`, words.buttons[button.id].label],
        [`${group}.controls[${index}].supertip.title`, words.buttons[button.id].label],
        [`${group}.controls[${index}].supertip.description`, words.buttons[button.id].tooltip],
      ]),
    ),
    [`${extension}.getStartedMessages[0].title`]: words.getStarted.title,
    [`${extension}.getStartedMessages[0].description`]: words.getStarted.description,
    [`${extension}.getStartedMessages[0].learnMoreUrl`]: base + supportPage(language),
  };
}

/**
 * The localization files' texts for add-in files hosted at `base`: file path -> text.
 * @param {string} base the add-in's base URL, ending with "/"
 * @returns {Record<string, string>}
 */
const renderLocalizations = (base) =>
  Object.fromEntries(
    manifestTranslations().map((translation) => [
      localizationFile(translation.language),
      `${JSON.stringify(localization(base, translation), null, 2)}\n`,
    ]),
  );

/**
 * manifest.json's text for add-in files hosted at `base`.
 * @param {string} base the add-in's base URL, ending with "/"
 * @returns {string}
 */
const renderJson = (base) => `${JSON.stringify(unifiedManifest(base), null, 2)}\n`;

module.exports = { LOCALIZATION_FOLDER, MANIFEST_VERSION, renderJson, renderLocalizations };
