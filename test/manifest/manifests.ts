// The two manifests read back as what Excel takes from them (names, pages, functions, ribbon buttons),
// each by its own format's rules, so that tests can check that they say the same thing; and the PNG
// facts the icon checks need.
import { readFileSync } from 'fs';
import { inflateSync } from 'zlib';
import { descendants, parseXml, path, type XmlElement } from './xml';

/** What a person meets in Excel, as either manifest declares it; the names differ by design (parity.test.ts). */
export interface AddinSummary {
  description: string;
  provider: string;
  version: string;
  supportUrl: string;
  appDomains: string[];
  requirements: string[];
  permission: string;
  runtime: { page: string; lifetime: string };
  customFunctions: { namespace: string; script: string; metadata: string; page: string };
  commandsPage: string;
  getStarted: { title: string; description: string; learnMoreUrl: string };
  ribbon: {
    tab: string;
    group: { id: string; label: string; icons: Icon[] };
    buttons: Array<{ id: string; label: string; tooltip: string; icons: Icon[]; action: string; page?: string }>;
  };
}
type Icon = { size: number; url: string };

/** Office's add-in permissions and their unified-manifest names (Microsoft's table of both). */
const PERMISSIONS: Record<string, string> = {
  Restricted: 'Document.Restricted.User',
  ReadDocument: 'Document.Read.User',
  ReadAllDocument: 'Document.ReadAll.User',
  WriteDocument: 'Document.Write.User',
  ReadWriteDocument: 'Document.ReadWrite.User',
};

/** The add-in only manifest read once, with its resource tables resolved. */
export function loadXml(file: string) {
  const xml = readFileSync(file, 'utf8');
  const root = parseXml(xml);
  const all = descendants(root);
  const resources = new Map<string, { table: string; value: string }>();
  for (const table of path(root, 'VersionOverrides', 'Resources')[0]?.children ?? []) {
    for (const entry of table.children) {
      if (resources.has(entry.attributes.id)) throw new Error(`Resource id ${entry.attributes.id} defined twice`);
      resources.set(entry.attributes.id, { table: table.name, value: entry.attributes.DefaultValue });
    }
  }
  const resolve = (element: XmlElement | undefined): string => {
    const resid = element?.attributes.resid;
    const resource = resid === undefined ? undefined : resources.get(resid);
    if (!resource) throw new Error(`resid ${resid} of <${element?.name}> is not defined`);
    return resource.value;
  };
  const host = path(root, 'VersionOverrides', 'Hosts', 'Host')[0];
  const customFunctions = all.find(
    (e) => e.name === 'ExtensionPoint' && e.attributes['xsi:type'] === 'CustomFunctions',
  )!;
  return { xml, root, all, resources, resolve, host, customFunctions };
}

export function summarizeXml(file: string): AddinSummary {
  const { root, all, resolve, host, customFunctions } = loadXml(file);
  const value = (name: string) => path(root, name)[0]?.attributes.DefaultValue ?? path(root, name)[0]?.text;
  const icons = (element: XmlElement) =>
    path(element, 'Icon', 'bt:Image').map((image) => ({ size: Number(image.attributes.size), url: resolve(image) }));
  const runtime = path(host, 'Runtimes', 'Runtime')[0];
  const group = all.find((e) => e.name === 'Group')!;
  const getStarted = path(host, 'DesktopFormFactor', 'GetStarted')[0];
  return {
    description: value('Description'),
    provider: value('ProviderName'),
    version: value('Version').replace(/\.0$/, ''),
    supportUrl: value('SupportUrl'),
    appDomains: all.filter((e) => e.name === 'AppDomain').map((e) => e.text),
    requirements: path(root, 'Requirements', 'Sets', 'Set')
      .map((set) => `${set.attributes.Name} ${set.attributes.MinVersion}`)
      .sort(),
    permission: PERMISSIONS[value('Permissions')] ?? `unknown: ${value('Permissions')}`,
    runtime: { page: resolve(runtime), lifetime: runtime.attributes.lifetime },
    customFunctions: {
      namespace: resolve(path(customFunctions, 'Namespace')[0]),
      script: resolve(path(customFunctions, 'Script', 'SourceLocation')[0]),
      metadata: resolve(path(customFunctions, 'Metadata', 'SourceLocation')[0]),
      page: resolve(path(customFunctions, 'Page', 'SourceLocation')[0]),
    },
    commandsPage: resolve(path(host, 'DesktopFormFactor', 'FunctionFile')[0]),
    getStarted: {
      title: resolve(path(getStarted, 'Title')[0]),
      description: resolve(path(getStarted, 'Description')[0]),
      learnMoreUrl: resolve(path(getStarted, 'LearnMoreUrl')[0]),
    },
    ribbon: {
      tab: all.find((e) => e.name === 'OfficeTab')!.attributes.id,
      group: { id: group.attributes.id, label: resolve(path(group, 'Label')[0]), icons: icons(group) },
      buttons: path(group, 'Control').map((control) => {
        const action = path(control, 'Action')[0];
        const showTaskpane = action.attributes['xsi:type'] === 'ShowTaskpane';
        return {
          id: control.attributes.id,
          label: resolve(path(control, 'Label')[0]),
          tooltip: resolve(path(control, 'Supertip', 'Description')[0]),
          icons: icons(control),
          action: showTaskpane ? 'ShowTaskpane' : `ExecuteFunction ${path(action, 'FunctionName')[0].text}`,
          ...(showTaskpane ? { page: resolve(path(action, 'SourceLocation')[0]) } : {}),
        };
      }),
    },
  };
}

/** The parts of the unified manifest these tests read (the schema test checks the whole of it). */
export interface UnifiedManifest {
  $schema: string;
  manifestVersion: string;
  id: string;
  version: string;
  name: { short: string; full?: string };
  description: { short: string; full: string };
  developer: { name: string; websiteUrl: string; privacyUrl: string; termsOfUseUrl: string };
  icons: { color: string; outline: string };
  localizationInfo: { defaultLanguageTag: string; additionalLanguages?: Array<{ languageTag: string; file: string }> };
  validDomains: string[];
  authorization: { permissions: { resourceSpecific: Array<{ name: string; type: string }> } };
  extensions: Array<{
    requirements: { scopes: string[]; capabilities: Array<{ name: string; minVersion: string }> };
    runtimes: Array<{
      id: string;
      code: { page: string; script?: string };
      lifetime: string;
      actions: Array<{ id: string; type: string; view?: string }>;
      customFunctions?: { namespace: { id: string; name: string }; metadataUrl: string };
    }>;
    ribbons: Array<{
      tabs: Array<{
        builtInTabId: string;
        groups: Array<{
          id: string;
          label: string;
          icons: Icon[];
          controls: Array<{
            id: string;
            label: string;
            supertip: { description: string };
            icons: Icon[];
            actionId: string;
          }>;
        }>;
      }>;
    }>;
    getStartedMessages: Array<{ title: string; description: string; learnMoreUrl: string }>;
    alternates: Array<{ hide?: { customOfficeAddin?: { officeAddinId: string } } }>;
  }>;
}

export const readUnified = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as UnifiedManifest;

export function summarizeJson(manifest: UnifiedManifest): AddinSummary {
  const [extension] = manifest.extensions;
  const actions = extension.runtimes.flatMap((runtime) => runtime.actions.map((action) => ({ runtime, action })));
  const functionsRuntime = extension.runtimes.find((runtime) => runtime.customFunctions)!;
  const commandsRuntime = actions.find(({ action }) => action.type === 'executeFunction')!.runtime;
  const [tab] = extension.ribbons[0].tabs;
  const [group] = tab.groups;
  const [getStarted] = extension.getStartedMessages;
  return {
    description: manifest.description.full,
    provider: manifest.developer.name,
    version: manifest.version,
    supportUrl: manifest.developer.websiteUrl,
    appDomains: manifest.validDomains,
    requirements: extension.requirements.capabilities.map((set) => `${set.name} ${set.minVersion}`).sort(),
    permission: manifest.authorization.permissions.resourceSpecific.map((p) => p.name).join(' '),
    runtime: { page: functionsRuntime.code.page, lifetime: functionsRuntime.lifetime },
    customFunctions: {
      namespace: functionsRuntime.customFunctions!.namespace.name,
      script: functionsRuntime.code.script ?? '',
      metadata: functionsRuntime.customFunctions!.metadataUrl,
      page: functionsRuntime.code.page,
    },
    commandsPage: commandsRuntime.code.page,
    getStarted: { title: getStarted.title, description: getStarted.description, learnMoreUrl: getStarted.learnMoreUrl },
    ribbon: {
      tab: tab.builtInTabId,
      group: { id: group.id, label: group.label, icons: group.icons },
      buttons: group.controls.map((control) => {
        const found = actions.find(({ action }) => action.id === control.actionId);
        if (!found) throw new Error(`Control ${control.id} runs action ${control.actionId}, which no runtime defines`);
        const openPage = found.action.type === 'openPage';
        return {
          id: control.id,
          label: control.label,
          tooltip: control.supertip.description,
          icons: control.icons,
          action: openPage ? 'ShowTaskpane' : `ExecuteFunction ${found.action.id}`,
          ...(openPage ? { page: found.runtime.code.page } : {}),
        };
      }),
    },
  };
}

/** Size and pixels of a PNG written by tools/dev/png.ts (8-bit RGBA, every row with filter 0). */
export function readOwnPng(file: string): {
  width: number;
  height: number;
  colorType: number;
  pixel: (x: number, y: number) => number[];
} {
  const bytes = readFileSync(file);
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw new Error(`${file} is not a PNG`);
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const colorType = bytes[25];
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const row = width * 4 + 1;
  const pixel = (x: number, y: number) => {
    if (colorType !== 6 || raw[y * row] !== 0)
      throw new Error(`${file}: only unfiltered 8-bit RGBA rows are read here`);
    return [...raw.subarray(y * row + 1 + x * 4, y * row + 5 + x * 4)];
  };
  return { width, height, colorType, pixel };
}
