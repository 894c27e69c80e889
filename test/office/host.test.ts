/** The Office probes where there is no Office (Node here, like a page without office.js), and on each host profile. */
import {
  hasExcelApi,
  isSetSupported,
  officeReady,
  showPane,
  supportsDataTypes,
  supportsEntities,
  supportsImages,
} from '../../src/office/host';
import { hasDocumentSettings, readWorkbookProject, rememberWorkbookProject } from '../../src/office/documentSettings';
import { NoWorkbookError } from '../../src/taskpane/sheet/excel';
import { readSelection } from '../../src/taskpane/sheet/read';
import { HOST_PROFILES, supportedBy } from '../harness/hostProfiles';

const globals = globalThis as Record<string, unknown>;

afterEach(() => {
  delete globals.Office;
});

describe('outside Office', () => {
  test('without office.js: no host, no requirement sets, no workbook, and every workbook action says so', async () => {
    await expect(officeReady()).resolves.toEqual({ host: null });
    expect([
      isSetSupported('ExcelApi', '1.9'),
      supportsDataTypes(),
      supportsImages(),
      hasExcelApi(),
      hasDocumentSettings(),
    ]).toEqual([false, false, false, false, false]);
    expect(readWorkbookProject()).toBeNull();
    await expect(rememberWorkbookProject({ id: '1', name: 'P' })).resolves.toBe(false);
    await expect(readSelection()).rejects.toBeInstanceOf(NoWorkbookError);
    await expect(showPane()).resolves.toBeUndefined();
  });

  test('office.js in a plain browser: onReady gives a null host and `requirements` is absent', async () => {
    globals.Office = { onReady: async () => ({ host: null, platform: null }), context: {} };
    await expect(officeReady()).resolves.toEqual({ host: null });
    expect(supportsImages()).toBe(false);
    expect(hasDocumentSettings()).toBe(false);
  });

  test('inside Excel: the host and its requirement sets are read', async () => {
    globals.Office = {
      onReady: async () => ({ host: 'Excel', platform: 'PC' }),
      context: { requirements: { isSetSupported: (name: string) => name === 'ExcelApi' } },
    };
    await expect(officeReady()).resolves.toEqual({ host: 'Excel' });
    expect([supportsImages(), supportsDataTypes()]).toEqual([true, false]);
  });
});

describe('each host profile', () => {
  test.each(HOST_PROFILES.map((profile) => [profile.name, profile] as const))(
    'host "%s": attributed values and entities exactly where Excel renders them; images everywhere',
    (_name, profile) => {
      const isSetSupported = (name: string, version: string) => supportedBy(profile, name, version);
      globals.Office = { context: { requirements: { isSetSupported } } };
      expect([supportsDataTypes(), supportsEntities(), supportsImages()]).toEqual([
        profile.attributedValues,
        profile.entities,
        true,
      ]);
    },
  );
});
