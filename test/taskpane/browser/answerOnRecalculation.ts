/**
 * Tells the shim's CLIMATE.ORG which cards to answer with from the next recalculation on (Range.calculate,
 * as Refresh all asks for): the service's records as they are after the sandbox's clock moved.
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
