/**
 * The pane's attribution check: one click finds the blocks of CLIMATE score and flag formulas on the
 * active sheet that show no source line and adds the logo and the line beside each, over free cells
 * only, then says where they went. The ribbon's Score selection runs it too. The finding and placing
 * is attributionCheck.ts; its writes are attributionWriter.ts.
 */
import { supportsImages } from '../../office/host';
import { t } from '../../i18n/translate';
import { readRows } from '../sheet/read';
import type { CellGrid } from '../sheet/grid';
import { cellsTaken, writeAttributions } from './attributionWriter';
import { cellKey, cellsOf, describeFix, planAttributionCheck, type AttributionFix } from './attributionCheck';
import { logoBase64 } from '../ui/logo';
import { byId, el, replaceChildren, setStatus, withBusy } from '../ui/view';

export interface AttributionSection {
  /** Runs the check as the button does (status and list in the pane). */
  check(): Promise<void>;
}

/** Rounds of planning around taken cells before a block is left to the analyst. */
const TAKEN_ROUNDS = 4;

/** The check's plan, planned again around empty cells that are no place for a line (cellsTaken). */
async function planAroundTaken(sheet: CellGrid): Promise<{ blocks: number; fixes: AttributionFix[] }> {
  const images = supportsImages();
  const blocked = new Set<string>();
  for (let round = 1; ; round += 1) {
    const plan = planAttributionCheck(sheet, images, blocked);
    const cells = plan.fixes.flatMap((fix) => (fix.place ? cellsOf(fix.place) : []));
    const covered = await cellsTaken(sheet.sheet, cells);
    if (covered.length === 0) return plan;
    for (const cell of covered) blocked.add(cellKey(cell));
    if (round === TAKEN_ROUNDS) {
      // Still taken: that block gets no place, and the pane says to add the line by hand.
      const clear = (fix: AttributionFix) =>
        fix.place !== null && !cellsOf(fix.place).some((c) => blocked.has(cellKey(c)));
      return { ...plan, fixes: plan.fixes.map((fix) => (clear(fix) ? fix : { ...fix, place: null })) };
    }
  }
}

export function mountAttributionCheck(): AttributionSection {
  const button = byId('attribution-run', 'fluent-button');
  const status = byId('attribution-status');
  const list = byId('attribution-list');

  const run = async (): Promise<void> => {
    list.hidden = true;
    const sheet = await readRows(null);
    const plan = sheet ? await planAroundTaken(sheet) : { blocks: 0, fixes: [] };
    if (!sheet || plan.blocks === 0) {
      setStatus(status, 'info', t('attribution.none'));
      return;
    }
    if (plan.fixes.length === 0) {
      setStatus(status, 'success', t('attribution.allShown', { sheet: sheet.sheet, count: plan.blocks }));
      return;
    }
    const places = plan.fixes.flatMap((fix) => (fix.place ? [fix.place] : []));
    const logo = places.some((place) => place.logoColumn !== null) ? await logoBase64() : null;
    const targets = places.map((place) => ({ place, cells: cellsOf(place) }));
    const written = places.length > 0 ? await writeAttributions(sheet.sheet, targets, logo) : [];
    const missing = plan.fixes.length - written.length;
    const counts = { sheet: sheet.sheet, count: plan.blocks, fixes: plan.fixes.length, written: written.length };
    setStatus(
      status,
      missing === 0 ? 'success' : 'error',
      missing === 0 ? t('attribution.added', counts) : t('attribution.addedMissing', { ...counts, missing }),
    );
    const lines = plan.fixes.map((fix) =>
      describeFix(sheet.sheet, fix, fix.place !== null && !written.includes(fix.place)),
    );
    replaceChildren(list, ...lines.map((line) => el('li', { class: 'meta' }, line)));
    list.hidden = false;
  };

  button.addEventListener('click', () => void withBusy(button, status, run));
  return { check: () => withBusy(button, status, run) };
}
