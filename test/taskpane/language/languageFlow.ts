/**
 * The pane tried as a new user would, with Office's display language set (the shim's
 * Office.context.displayLanguage), written once and run in each engine Excel hosts a pane in: the
 * first run, the sample sheet it writes and scores, Score a column's lines, the match review and the
 * summary, each in the language; the formulas written exactly as in English (`CLIMATE.*`, commas:
 * Range.formulas is the English form); the page's `lang` the language's; and axe-core clean with
 * every section open. (Errors in the page are the core flows' matter: ../browser/coreFlows.ts.) The expected words are the add-in's own messages in that language
 * (./messageText.ts), which the catalog test keeps apart from English.
 */
import { startSandbox, type RunningSandbox } from '../../../tools/sandbox/server/server';
import type { Language } from '../../../src/i18n/languages';
import { t } from '../../../src/i18n/translate';
import SAMPLE_SUPPLIERS from '../../../src/taskpane/firstRun/sampleSuppliers.json';
import { productionDist } from '../../build/dist';
import type { Engine } from '../../browsers/locate';
import { openPaneIn } from '../browser/enginePane';
import { evaluate, waitUntil, type BrowserDriver, type PageDriver } from '../../browsers/pageDriver';
import { seededSettings } from '../../harness/settingsSeed';
import { PLAIN_HOST } from '../../harness/hostProfiles';
import type { WorkbookDump } from '../browser/excelShim';
import { driverReaders } from '../browser/driverReaders';
import { axeViolations, openEverySection } from '../browser/paneChecks';
import { servePane, type PaneSite } from '../browser/paneSite';
import { messagePattern } from './messageText';

const SUPPLIERS = SAMPLE_SUPPLIERS.length;

/** Office's display language as a host sends it: a full tag, read by its first part. */
const OFFICE_TAGS: Record<Language, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  ja: 'ja-JP',
};

/** Every formula of the workbook that calls a namespaced (custom) function, with the names it calls. */
const customCalls = (dump: WorkbookDump): string[] =>
  dump.sheets
    .flatMap((sheet) =>
      sheet.cells.flatMap((cell) => [...(cell.formula ?? '').matchAll(/\b([A-Za-z_][\w]*)\.([A-Za-z_]\w*)\s*\(/g)]),
    )
    .map((call) => call[1]);

export function languageFlow(engine: Engine, languages: readonly Language[]): void {
  describe.each(languages)(`the pane in %s, in ${engine}`, (language) => {
    let sandbox: RunningSandbox;
    let site: PaneSite;
    let browser: BrowserDriver;
    let page: PageDriver;

    const { textOf, waitForShown, dump } = driverReaders(() => page);
    const waitForMatch = (selector: string, expected: RegExp, timeoutMs = 30_000): Promise<void> =>
      waitForShown(selector, expected, timeoutMs);
    /** Waits until a status line has settled (not busy), whatever its words. */
    const settled = (selector: string): Promise<void> =>
      waitUntil(
        page,
        (css: string) =>
          ['success', 'info', 'error'].includes(document.querySelector<HTMLElement>(css)?.dataset.tone ?? ''),
        [selector],
        `${selector} settling`,
        30_000,
      );
    const openSection = (id: string): Promise<void> =>
      evaluate(
        page,
        (section: string) => void ((document.getElementById(section) as HTMLDetailsElement).open = true),
        id,
      );
    beforeAll(async () => {
      sandbox = await startSandbox({ port: 0, quiet: true, organizations: SUPPLIERS });
      site = await servePane(productionDist());
      // A fresh install on this sandbox: its address saved, no key (the sandbox's demo key serves the sample).
      site.stage({
        sheet: {
          name: 'Suppliers',
          rows: [['Supplier']],
          selection: { rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 },
          requirements: PLAIN_HOST.requirements,
          displayLanguage: OFFICE_TAGS[language],
        },
        storage: await seededSettings({ baseUrl: sandbox.url }),
      });
      ({ browser, page } = await openPaneIn(engine, site.url));
    }, 120_000);

    afterAll(async () => {
      // Each closed whatever became of the others: nothing is left running into the next file.
      await Promise.allSettled([browser?.close(), site?.close(), sandbox?.close()]);
    });

    test('the first run welcomes in the language, and the page says which language it is in', async () => {
      expect(await textOf('#welcome-title')).toBe(t('firstRun.title', undefined, language));
      expect(await textOf('#welcome-try')).toBe(t('firstRun.try', undefined, language));
      expect(await evaluate(page, () => document.documentElement.lang)).toBe(language);
      // Score a column's own words: the outputs' labels and the link's note.
      expect(await textOf('#score-outputs-main')).toContain(t('sheet.header.score', undefined, language));
      expect(await textOf('#score-outputs-main')).toContain(t('score.linkAlways', undefined, language).trim());
    });

    test('"Try it" writes the sample sheet and scores it, saying so in the language; the formulas are CLIMATE.* as in English', async () => {
      await page.click('#welcome-try');
      await waitForMatch('#welcome-status', messagePattern('firstRun.written', language));
      await waitForMatch(
        '#score-progress-text',
        messagePattern('score.progress', language, { settled: SUPPLIERS, count: SUPPLIERS }),
      );
      await waitUntil(
        page,
        () => !document.querySelector('#welcome-try[aria-busy="true"]'),
        [],
        'the sample run ending',
      );
      expect(await textOf('#score-selection')).toMatch(messagePattern('score.wrote', language));
      // The counts of the finished run, labelled in the language, numbers the language's way.
      expect(await textOf('#score-summary')).toContain(t('common.outcome.scored', undefined, language));
      const book = await dump();
      const sample = book.sheets.find((sheet) => sheet.name !== 'Suppliers');
      const cells = sample?.cells ?? [];
      // The sample's header in the language, the names as they are, the headers the pane wrote in the language.
      expect(cells.some((cell) => cell.value === t('firstRun.header.supplier', undefined, language))).toBe(true);
      expect(cells.some((cell) => cell.value === t('sheet.header.score', undefined, language))).toBe(true);
      const scores = cells.filter((cell) => cell.formula?.startsWith('=CLIMATE.SCORE('));
      expect(scores.map((cell) => cell.formula)).toEqual(
        Array.from({ length: SUPPLIERS }, (_, i) => `=CLIMATE.SCORE($A${scores[0].row + 1 + i})`),
      );
      // Every custom function called is the add-in's, under its one name, whatever the language.
      expect(new Set(customCalls(book))).toEqual(new Set(['CLIMATE']));
    });

    test('the match review reads the scored block and counts the rows to review in the language', async () => {
      await openSection('section-review');
      await page.click('#review-scored');
      await waitForMatch('#review-status', messagePattern('review.toReview', language, { count: SUPPLIERS }));
      expect(await textOf('#review-page')).toMatch(messagePattern('review.page', language));
    });

    test('the summary is built over the scored block; its formulas call CLIMATE.* as in English', async () => {
      await openSection('section-summary');
      await page.click('#summary-run');
      await settled('#summary-status');
      expect(await evaluate(page, () => document.querySelector<HTMLElement>('#summary-status')?.dataset.tone)).not.toBe(
        'error',
      );
      const book = await dump();
      expect(book.sheets.length).toBe(3); // Suppliers, the sample, the summary
      expect(new Set(customCalls(book))).toEqual(new Set(['CLIMATE']));
    });

    test('every section open: no accessibility violation axe can find', async () => {
      await openEverySection(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
