/**
 * Tells the shim's CLIMATE.ORG which cards to answer with from now on: the service's records as they are
 * after the sandbox's clock moved. A card takes them when its cell is next calculated (a Range.calculate
 * over it, as Refresh all asks for, or its formula entered); the other cards keep theirs.
 */
import type { Page } from 'playwright-core';

export const answerOnRecalculation = (page: Page, cards: Record<string, unknown>): Promise<void> =>
  page.evaluate(
    (next) =>
      (
        window as unknown as { __workbook: { answerOnRecalculation(c: object): void } }
      ).__workbook.answerOnRecalculation(next),
    cards,
  );
