/**
 * Tells the shim's CLIMATE.ORG which cards to answer with from now on: the service's records as they are
 * after the sandbox's clock moved. A card takes them when its cell is next calculated (a Range.calculate
 * over it, as Refresh all asks for, or its formula entered); the other cards keep theirs.
 */
import type { Page } from 'playwright-core';

type ShimWorkbook = {
  answerOnRecalculation(cards: object): void;
  awaitingEntry(sheet: string): number;
};

export const answerOnRecalculation = (page: Page, cards: Record<string, unknown>): Promise<void> =>
  page.evaluate(
    (next) => (window as unknown as { __workbook: ShimWorkbook }).__workbook.answerOnRecalculation(next),
    cards,
  );

/**
 * Waits until the add-in has entered again every card of `sheet` an earlier refresh calculated. No
 * function runs in the shim, so no cell calls back, and the add-in enters each such formula again
 * CALLBACK_MS after the calculation (src/office/cellCallbacks.ts); answers changed before that would be
 * taken by the re-entry, before the next refresh reads what the cells showed.
 */
export const afterCallbackCheck = (page: Page, sheet: string): Promise<unknown> =>
  page.waitForFunction(
    (name) => (window as unknown as { __workbook: ShimWorkbook }).__workbook.awaitingEntry(name) === 0,
    sheet,
    { timeout: 60_000, polling: 200 },
  );
