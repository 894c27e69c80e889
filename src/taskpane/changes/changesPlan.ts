/**
 * A refresh's block on the Changes sheet as a plan, pure: its dated title (the As of the cells showed
 * before, and the moment after), the source line with the logo as every score has it, the headers, and
 * one row per change: organization, what changed, before, after, a link to the profile and, for a row
 * now matched to another organization, a mark to review it. The words follow the pane's language; the
 * sheet's title in A1 stays fixed, since the writer reads it back to know the sheet for its own.
 * Texts from the workbook or the service go in as string literals of a formula (`="Acme"`), never as
 * typed input that Excel could take for a formula; a link only when it passes the profile-link rule.
 */
import { FLAG_LABELS } from '../../functions/arguments/initiatives';
import { t, type MessageKey } from '../../i18n/translate';
import { profileLinkOrNull } from '../../service/profileLink';
import { clip } from '../../text/clip';
import { literal } from '../sheet/formulas';
import { OUTPUTS } from '../sheet/outputs';
import { SOURCE_LINE_FORMULA } from '../sheet/sourceLine';
import type { PlannedCell } from '../sheet/write';
import type { ChangeKind, ChangeReport, RowChange } from './rowChanges';

/** The sheet's name and its A1: read back, so the same in every language. */
export const CHANGES_SHEET_NAME = 'Climate changes';
/** Excel refuses a text constant longer than this inside a formula. */
const FORMULA_TEXT_MAX = 255;

export interface ChangesBlock {
  /** The sheet the changes were read on. */
  sheet: string;
  /** The rows read (1-based, as Excel numbers them) when a refresh of selected rows read no others. */
  rows?: { first: number; last: number };
  report: ChangeReport;
  /** YYYY-MM-DD of the values before (the As of they showed); null when the cells said none. */
  before: string | null;
  /** YYYY-MM-DD of the values after. */
  after: string;
}

export interface ChangesPlan {
  cells: PlannedCell[];
  /** Where the logo floats (beside the source line); null on a host without images. */
  logo: { row: number; column: number } | null;
  /** Rows the block takes. */
  rows: number;
}

const KIND_KEYS: Record<ChangeKind, MessageKey> = {
  'matched another organization': 'changes.kind.matchedAnother',
  'initiative lost': 'changes.kind.initiativeLost',
  'initiative gained': 'changes.kind.initiativeGained',
  'score moved': 'changes.kind.scoreMoved',
  'rank changed': 'changes.kind.rankChanged',
  'profile finished': 'changes.kind.profileFinished',
};

/** A text as a formula Excel shows as that text, whatever it starts with. */
export const textFormula = (text: string): string => `=${literal(clip(text, FORMULA_TEXT_MAX))}`;

/** A long text (a profile link, up to 2,048 characters) as literals of at most FORMULA_TEXT_MAX joined with `&`. */
function joinedLiteral(text: string): string {
  const parts: string[] = [];
  for (let at = 0; at < text.length; at += FORMULA_TEXT_MAX) parts.push(literal(text.slice(at, at + FORMULA_TEXT_MAX)));
  return parts.join('&');
}

/** What changed, in the pane's language: "Left SBTi", "Industry rank changed". */
export function whatChanged(change: Pick<RowChange, 'kind' | 'field'>): string {
  const { field } = change;
  // A rank is named as its column on the scored sheet is headed, so both say the same word.
  const column = OUTPUTS.find(({ key }) => key === `profile:${field}`);
  const what = column ? column.header() : field in FLAG_LABELS ? FLAG_LABELS[field as keyof typeof FLAG_LABELS] : '';
  return t(KIND_KEYS[change.kind], { what });
}

/** A before or after value as its cell: a number or TRUE/FALSE as such, a text as a text formula, nothing as blank. */
function valueCell(value: RowChange['before']): string | number | boolean {
  if (value === null) return '';
  return typeof value === 'string' ? textFormula(value) : value;
}

/** The block for `block`, its first row at `top`; `logo`: the host can place an image. */
export function planChangesBlock(block: ChangesBlock, top: number, logo: boolean): ChangesPlan {
  const { report } = block;
  const cells: PlannedCell[] = [];
  const put = (row: number, column: number, content: PlannedCell['content'], extra: Partial<PlannedCell> = {}) =>
    cells.push({ row, column, content, ...extra });
  const before = block.before ?? t('changes.sheet.unknownDate');
  const dates = { sheet: block.sheet, before, after: block.after };
  const title = block.rows
    ? t('changes.sheet.blockRows', { ...dates, first: String(block.rows.first), last: String(block.rows.last) })
    : t('changes.sheet.block', dates);
  put(top, 0, textFormula(title), { bold: true });
  const { organizations, compared } = report;
  put(top + 1, 0, textFormula(t('changes.sheet.count', { count: report.changes.length, organizations, compared })));
  put(top + 2, logo ? 1 : 0, SOURCE_LINE_FORMULA);
  const headers = ['organization', 'what', 'before', 'after', 'profile', 'review'] as const;
  headers.forEach((header, column) => put(top + 3, column, textFormula(t(`changes.sheet.${header}`)), { bold: true }));
  let row = top + 4;
  if (report.changes.length === 0) put(row++, 0, textFormula(t('changes.sheet.none')));
  for (const change of report.changes) {
    put(row, 0, textFormula(change.organization));
    put(row, 1, textFormula(whatChanged(change)));
    for (const [column, value] of [
      [2, change.before],
      [3, change.after],
    ] as const) {
      const content = valueCell(value);
      if (content !== '') put(row, column, content, typeof value === 'number' ? { numberFormat: '0.0' } : {});
    }
    const link = profileLinkOrNull(change.link);
    if (link !== null) put(row, 4, `=HYPERLINK(${joinedLiteral(link)},${literal(t('changes.sheet.profile'))})`);
    if (change.review) put(row, 5, textFormula(t('changes.sheet.checkMatch')));
    row++;
  }
  return { cells, logo: logo ? { row: top + 2, column: 0 } : null, rows: row - top };
}

/** The sheet's own first rows when it is new (or replaced): its fixed title and what it holds. */
export function planSheetTop(): PlannedCell[] {
  return [
    { row: 0, column: 0, content: CHANGES_SHEET_NAME, bold: true },
    { row: 0, column: 1, content: textFormula(t('changes.sheet.note')) },
  ];
}

/** The first row a block goes in: under the sheet's top when new or replaced, else a row below the last used one. */
export const FIRST_BLOCK_ROW = 2;
