// @ts-check
/**
 * The add-in only manifest (manifest.xml) rendered from the add-in's facts (./facts.js) for one base
 * URL: a shared runtime hosting the page, the CLIMATE functions and the ribbon commands. The element
 * order is the schema's; strings and URLs go through the <Resources> tables, as that format requires.
 */
'use strict';

const { facts } = require('./facts');
const { manifestTranslations } = require('./translations');
const { metadataFile } = require('../functionsLocales');
const { supportPage } = require('../languagePages');

/** @param {string} text */
const escapeXml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The resid of a button's label or tooltip, e.g. ScoreSelection.Tooltip. */
const resid = (/** @type {{ id: string }} */ button, /** @type {string} */ kind) =>
  `${button.id.replace(/^Climate\./, '')}.${kind}`;

/**
 * A string's value in each Office locale of each other language: [locale, value] pairs, for the
 * <Override> children that make Office show it in the user's language.
 * @param {(words: import('./translations').ManifestWords, language: string) => string} pick
 * @returns {string[][]}
 */
const overrides = (pick) =>
  manifestTranslations().flatMap(({ language, officeLocales, words }) =>
    officeLocales.map((locale) => [locale, pick(words, language)]),
  );

/**
 * The <Resources> tables: [id, value, overrides] entries.
 * @param {string} base the add-in's base URL, ending with "/"
 * @returns {Record<'images' | 'urls' | 'shortStrings' | 'longStrings', [string, string, string[][]?][]>}
 */
function resources(base) {
  const { pages, customFunctions, icons, ribbon, getStarted } = facts;
  const words = (/** @type {import('./facts').Button} */ button, /** @type {'label' | 'tooltip'} */ field) =>
    /** @type {[string, string, string[][]]} */ ([
      resid(button, field === 'label' ? 'Label' : 'Tooltip'),
      button[field],
      overrides((translated) => translated.buttons[button.id][field]),
    ]);
  return {
    images: icons.ribbon.map((size) => [`Icon.${size}x${size}`, base + icons.files[size]]),
    urls: [
      ['Functions.Script.Url', base + customFunctions.script],
      // Excel shows the functions' descriptions from the metadata of the user's language.
      [
        'Functions.Metadata.Url',
        base + customFunctions.metadata,
        overrides((_, language) => base + metadataFile(language)),
      ],
      ['Taskpane.Url', base + pages.runtime],
      ['GetStarted.LearnMoreUrl', base + pages.support, overrides((_, language) => base + supportPage(language))],
    ],
    shortStrings: [
      ['Functions.Namespace', customFunctions.namespace],
      ['GetStarted.Title', getStarted.title, overrides((translated) => translated.getStarted.title)],
      ['Climate.Group.Label', ribbon.group.label, overrides((translated) => translated.group)],
      ...ribbon.buttons.map((button) => words(button, 'label')),
    ],
    longStrings: [
      ['GetStarted.Description', getStarted.description, overrides((translated) => translated.getStarted.description)],
      ...ribbon.buttons.map((button) => words(button, 'tooltip')),
    ],
  };
}

/** @param {string} indent */
function iconElements(indent) {
  return facts.icons.ribbon
    .map((size) => `${indent}<bt:Image size="${size}" resid="Icon.${size}x${size}"/>`)
    .join('\n');
}

/** @param {import('./facts').Button} button */
function control(button) {
  const pad = '                  ';
  const action =
    button.action.type === 'showTaskpane'
      ? [`${pad}<Action xsi:type="ShowTaskpane">`, `${pad}  <SourceLocation resid="Taskpane.Url"/>`, `${pad}</Action>`]
      : [
          `${pad}<Action xsi:type="ExecuteFunction">`,
          `${pad}  <FunctionName>${escapeXml(button.action.functionName)}</FunctionName>`,
          `${pad}</Action>`,
        ];
  return [
    `                <Control xsi:type="Button" id="${escapeXml(button.id)}">`,
    `${pad}<Label resid="${resid(button, 'Label')}"/>`,
    `${pad}<Supertip>`,
    `${pad}  <Title resid="${resid(button, 'Label')}"/>`,
    `${pad}  <Description resid="${resid(button, 'Tooltip')}"/>`,
    `${pad}</Supertip>`,
    `${pad}<Icon>`,
    iconElements(`${pad}  `),
    `${pad}</Icon>`,
    ...action,
    '                </Control>',
  ].join('\n');
}

/** <Override> elements, one per [locale, value] pair. @param {string[][] | undefined} pairs @param {string} element @param {string} indent */
const overrideElements = (pairs, element, indent) =>
  (pairs ?? []).map(([locale, value]) => `${indent}<${element} Locale="${locale}" Value="${escapeXml(value)}"/>`);

/** @param {string} tag @param {[string, string, string[][]?][]} entries */
function table(tag, entries) {
  const element = tag === 'bt:Images' ? 'bt:Image' : tag === 'bt:Urls' ? 'bt:Url' : 'bt:String';
  const entry = (/** @type {[string, string, string[][]?]} */ [id, value, localized]) => {
    const opening = `        <${element} id="${id}" DefaultValue="${escapeXml(value)}"`;
    if (!localized || localized.length === 0) return `${opening}/>`;
    return [`${opening}>`, ...overrideElements(localized, 'bt:Override', '          '), `        </${element}>`].join(
      '\n',
    );
  };
  return [`      <${tag}>`, ...entries.map(entry), `      </${tag}>`].join('\n');
}

/** An element with a default value and its locale overrides, e.g. <DisplayName>. @param {string} name @param {string} value @param {string[][]} localized */
const localizedElement = (name, value, localized) =>
  [
    `  <${name} DefaultValue="${escapeXml(value)}">`,
    ...overrideElements(localized, 'Override', '    '),
    `  </${name}>`,
  ].join('\n');

/**
 * manifest.xml for add-in files hosted at `base`.
 * @param {string} base the add-in's base URL, ending with "/"
 * @returns {string}
 */
function renderXml(base) {
  const { pages, icons, ribbon, requirements } = facts;
  const tables = resources(base);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Climate profiles: the add-in only manifest (shared runtime), for every Excel client.
     Generated from build/manifest/facts.js (npm run manifests; the build writes dist/manifest.xml):
     edit the facts, not this file. -->
<OfficeApp xmlns="http://schemas.microsoft.com/office/appforoffice/1.1"
           xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
           xmlns:bt="http://schemas.microsoft.com/office/officeappbasictypes/1.0"
           xmlns:ov="http://schemas.microsoft.com/office/taskpaneappversionoverrides"
           xsi:type="TaskPaneApp">
  <Id>${facts.addinId}</Id>
  <Version>${facts.version}.0</Version>
  <ProviderName>${escapeXml(facts.provider)}</ProviderName>
  <DefaultLocale>${facts.locale}</DefaultLocale>
${localizedElement(
  'DisplayName',
  facts.name,
  overrides((words) => words.name),
)}
${localizedElement(
  'Description',
  facts.description.long,
  overrides((words) => words.description.long),
)}
  <IconUrl DefaultValue="${base}${icons.files[icons.list]}"/>
  <HighResolutionIconUrl DefaultValue="${base}${icons.files[icons.listHighResolution]}"/>
${localizedElement(
  'SupportUrl',
  base + pages.support,
  overrides((_, language) => base + supportPage(language)),
)}
  <AppDomains>
${facts.appDomains.map((domain) => `    <AppDomain>${escapeXml(domain)}</AppDomain>`).join('\n')}
  </AppDomains>
  <Hosts>
    <Host Name="Workbook"/>
  </Hosts>
  <Requirements>
    <Sets DefaultMinVersion="1.1">
${requirements.map((set) => `      <Set Name="${set.name}" MinVersion="${set.minVersion}"/>`).join('\n')}
    </Sets>
  </Requirements>
  <DefaultSettings>
    <SourceLocation DefaultValue="${base}${pages.runtime}"/>
  </DefaultSettings>
  <Permissions>${facts.permission.xml}</Permissions>
  <VersionOverrides xmlns="http://schemas.microsoft.com/office/taskpaneappversionoverrides" xsi:type="VersionOverridesV1_0">
    <Hosts>
      <Host xsi:type="Workbook">
        <Runtimes>
          <!-- One long-lived runtime hosts the page, the functions and the ribbon commands. -->
          <Runtime resid="Taskpane.Url" lifetime="long"/>
        </Runtimes>
        <AllFormFactors>
          <ExtensionPoint xsi:type="CustomFunctions">
            <Script>
              <SourceLocation resid="Functions.Script.Url"/>
            </Script>
            <Page>
              <SourceLocation resid="Taskpane.Url"/>
            </Page>
            <Metadata>
              <SourceLocation resid="Functions.Metadata.Url"/>
            </Metadata>
            <Namespace resid="Functions.Namespace"/>
          </ExtensionPoint>
        </AllFormFactors>
        <DesktopFormFactor>
          <GetStarted>
            <Title resid="GetStarted.Title"/>
            <Description resid="GetStarted.Description"/>
            <LearnMoreUrl resid="GetStarted.LearnMoreUrl"/>
          </GetStarted>
          <FunctionFile resid="Taskpane.Url"/>
          <ExtensionPoint xsi:type="PrimaryCommandSurface">
            <OfficeTab id="${ribbon.tab}">
              <Group id="${escapeXml(ribbon.group.id)}">
                <Label resid="Climate.Group.Label"/>
                <Icon>
${iconElements('                  ')}
                </Icon>
${ribbon.buttons.map(control).join('\n')}
              </Group>
            </OfficeTab>
          </ExtensionPoint>
        </DesktopFormFactor>
      </Host>
    </Hosts>
    <Resources>
${table('bt:Images', tables.images)}
${table('bt:Urls', tables.urls)}
${table('bt:ShortStrings', tables.shortStrings)}
${table('bt:LongStrings', tables.longStrings)}
    </Resources>
  </VersionOverrides>
</OfficeApp>
`;
}

module.exports = { renderXml };
