/**
 * Match verdicts: how the organization a row asked for relates to the one whose figures came back.
 * One word per row (CLIMATE.MATCH, PROFILE's `match`, the pane's review), from the record the engine
 * already has. Name comparison is `normalizeName` then a Levenshtein similarity (fastest-levenshtein)
 * against MATCH_THRESHOLD; docs/functions.md states the same rules for analysts.
 */
import { distance } from 'fastest-levenshtein';
import type { OrganizationRecord } from '../../service/types';
import type { OrganizationArgument, OrganizationKind } from '../arguments/organizationArgument';

/** Similarity at or above which two normalized names are the same company (`exact`), below it `check`. */
export const MATCH_THRESHOLD = 0.9;

/**
 * Legal forms dropped from the end of a name (after dots are removed, so "S.p.A." is "spa" and
 * "K.K." is "kk"). "and" is dropped too when a form follows it ("Smith & Co." is "smith").
 */
const LEGAL_FORM_WORDS = `inc incorporated corp corporation co company cos ltd limited llc llp lp plc gmbh mbh ag kg
  kgaa se sa sas sarl sl slu srl spa sapa nv bv ab publ as asa aps oy oyj kk pty pte pvt private bhd sdn tbk pt ltda
  sab cv de dac ulc and`;
const LEGAL_FORMS: ReadonlySet<string> = new Set(LEGAL_FORM_WORDS.split(/\s+/));
/** Legal forms written before the name: "PT Astra", "ПАО Сбербанк"; and a leading "the". */
const LEADING_FORMS: ReadonlySet<string> = new Set(['the', 'pt', 'пао', 'оао', 'ооо', 'зао', 'ао']);
/** Legal forms written without spaces in their script, dropped wherever they stand at either end. */
const SCRIPT_FORMS = /^(?:株式会社|有限会社|合同会社)|(?:株式会社|有限会社|合同会社|股份有限公司|有限公司)$/gu;
const COMBINING_MARKS = /\p{M}/gu;

/**
 * A name as it is compared: NFKD with accents removed, case-folded, "&" read as "and", dots and
 * apostrophes removed, any other run of punctuation or space one space, a leading "the" or legal form
 * (PT, ПАО, 株式会社) and trailing legal forms (Inc, Ltd, GmbH, AG, SA, PLC, S.p.A., K.K., Co. Ltd,
 * GmbH & Co. KG, ...) dropped. Letters
 * and digits of every script are kept. A name made only of legal forms keeps its last word.
 *
 *   normalizeName('Müller & Söhne GmbH & Co. KG') === 'muller and sohne'
 *   normalizeName('The Coca-Cola Company') === 'coca cola'
 */
export function normalizeName(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(SCRIPT_FORMS, ' ')
    .replace(/&/g, ' and ')
    .replace(/[.'’`]/g, '');
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
  while (words.length > 1 && LEADING_FORMS.has(words[0])) words.shift();
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1])) words.pop();
  return words.join(' ');
}

/** Two names have a word in common once normalized ("Ford" and "Ford Motor Company" do). */
function shareAWord(a: string, b: string): boolean {
  const words = new Set(normalizeName(a).split(' '));
  return normalizeName(b)
    .split(' ')
    .some((word) => words.has(word));
}

/**
 * Similarity of two names, 0 (nothing alike) to 1 (the same once normalized): one minus the edit
 * distance over the longer length, spaces ignored ("Coca Cola" and "CocaCola" agree). Two decimals.
 */
export function nameSimilarity(a: string, b: string): number {
  const left = normalizeName(a).replace(/ /g, '');
  const right = normalizeName(b).replace(/ /g, '');
  const longest = Math.max(left.length, right.length);
  if (longest === 0) return 0;
  return Math.round((1 - distance(left, right) / longest) * 100) / 100;
}

/** The words MATCH shows; a relationship the service names otherwise is shown as its own word. */
export type MatchVerdict = 'identifier' | 'exact' | 'parent' | 'subsidiary' | 'check' | 'accepted' | (string & {});

/** The verdict of a row that asked by a website or identifier; a card without a hidden query reads it too (cardQuery.ts). */
export const IDENTIFIER_VERDICT = 'identifier';

/**
 * A name was asked for and the answer names no matched organization (the service's Summary format).
 * Verdicts are words formulas count (the summary sheet), the same in every language; the card explains
 * this one in the person's (`cells.unjudged`).
 */
export const UNJUDGED = 'unjudged';

/** Verdicts that are settled: every other one is listed by the review and marked on the sheet. */
export const SETTLED_VERDICTS: readonly string[] = [IDENTIFIER_VERDICT, 'exact', 'accepted'];

export interface MatchReading {
  verdict: MatchVerdict;
  /** The name similarity when a name was asked for and a name came back; null otherwise. */
  similarity: number | null;
  matchedName: string | null;
  matchedId: number | null;
  /** As the service said it (checked), e.g. `ultimate parent`; null when it said nothing. */
  relationship: string | null;
}

/** What the row asked for, as the organization argument read it. */
export interface MatchInput {
  /** `id`: a card read by its service id, with no name to judge it by: `check`. */
  kind: OrganizationKind | 'id';
  /** The organization as read (the name, the domain, the identifier). */
  text: string;
  /** A website or identifier went with the name (the optional website argument). */
  identified: boolean;
}

export function matchInputOf(argument: Readonly<OrganizationArgument>): MatchInput {
  return { kind: argument.kind, text: argument.text, identified: argument.query.website !== undefined };
}

/**
 * A relationship word from the service, trusted only as a short run of letters: anything else is
 * `related` (shown, never interpreted).
 */
function relationshipWord(raw: string | null): string | null {
  if (raw === null) return null;
  const word = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');
  return /^[a-z][a-z -]{0,39}$/.test(word) ? word : 'related';
}

function relationshipVerdict(relationship: string): MatchVerdict {
  if (relationship === 'parent' || relationship === 'ultimate parent') return 'parent';
  return relationship;
}

/**
 * The verdict of one row, in this order: `accepted` (the analyst accepted this input with this
 * matched organization); the relationship word when the answer belongs to a related organization;
 * `check` for a card read by its id with no name to compare; `identifier` when an identifier or website was given (a name given with its website too, unless it
 * has nothing in common with the matched name: `check`); else the names: `exact` at or above
 * MATCH_THRESHOLD, `check` below it, UNJUDGED when the answer names no matched organization.
 */
export function readMatch(
  input: MatchInput,
  record: OrganizationRecord,
  isAccepted: (input: string, matchedId: number) => boolean,
): MatchReading {
  const matched = record.matching_organization;
  const matchedName = matched?.name ?? null;
  const matchedId = matched?.id ?? null;
  const relationship = relationshipWord(record.organization_relationship_type);
  const similarity = input.kind === 'name' && matchedName !== null ? nameSimilarity(input.text, matchedName) : null;
  const reading = (verdict: MatchVerdict): MatchReading => ({
    verdict,
    similarity,
    matchedName,
    matchedId,
    relationship,
  });
  if (matchedId !== null && isAccepted(input.text, matchedId)) return reading('accepted');
  if (relationship !== null && relationship !== 'requested organization')
    return reading(relationshipVerdict(relationship));
  const fits = similarity !== null && similarity >= MATCH_THRESHOLD;
  if (input.kind === 'id') return reading('check'); // a card's id proves nothing (organizationSource.ts)
  if (input.kind !== 'name') return reading(IDENTIFIER_VERDICT);
  // A name with its website: the website found it, so a short or near name is enough; a name with
  // nothing in common with what it found says the row's website is another company's.
  if (input.identified) {
    const unrelated = matchedName !== null && !fits && !shareAWord(input.text, matchedName);
    return reading(unrelated ? 'check' : IDENTIFIER_VERDICT);
  }
  if (matchedName === null) return reading(UNJUDGED);
  return reading(fits ? 'exact' : 'check');
}
