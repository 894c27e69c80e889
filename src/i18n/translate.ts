/**
 * Words in the person's language. The messages live by area (messages/<area>.json: the pane's rooms,
 * the cells, the support page, what the service client, the settings and the Office wrappers say),
 * each key with its text in every language side by side, so a message added in one language only is
 * seen at once (and test/i18n fails on it). A message is a text with
 * `{name}` placeholders, or, where a number decides the words, one text per plural category of
 * Intl.PluralRules ("one", "other", and "few", "many" where a language has them), chosen by the value
 * `count`. Numbers are written with Intl.NumberFormat in the language's own way (1,234.5 in English,
 * 1.234,5 in German). A key a language lacks falls back to English.
 */
import activity from './messages/activity.json';
import attribution from './messages/attribution.json';
import cells from './messages/cells.json';
import changes from './messages/changes.json';
import common from './messages/common.json';
import connection from './messages/connection.json';
import copy from './messages/copy.json';
import firstRun from './messages/firstRun.json';
import help from './messages/help.json';
import office from './messages/office.json';
import outsideExcel from './messages/outsideExcel.json';
import pane from './messages/pane.json';
import projects from './messages/projects.json';
import reference from './messages/reference.json';
import review from './messages/review.json';
import runtime from './messages/runtime.json';
import sbti from './messages/sbti.json';
import score from './messages/score.json';
import service from './messages/service.json';
import settings from './messages/settings.json';
import sheet from './messages/sheet.json';
import signOut from './messages/signOut.json';
import summary from './messages/summary.json';
import support from './messages/support.json';
import ui from './messages/ui.json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

/** Every area's messages; an area added under messages/ is listed here once. */
const AREAS = [
  activity,
  attribution,
  cells,
  changes,
  common,
  connection,
  copy,
  firstRun,
  help,
  office,
  outsideExcel,
  pane,
  projects,
  reference,
  review,
  runtime,
  sbti,
  score,
  service,
  settings,
  sheet,
  signOut,
  summary,
  support,
  ui,
] as const;

/** Distributes over the union of areas, so a key of any area counts (keyof a union keeps only shared keys). */
type KeysOf<Area> = Area extends unknown ? keyof Area & string : never;
export type MessageKey = KeysOf<(typeof AREAS)[number]>;
export type Message = string | Partial<Record<Intl.LDMLPluralRule, string>>;
export type MessageValues = Record<string, string | number>;

/** Each language's messages by key, pivoted from the areas' files. */
export const CATALOGS: Record<Language, Record<string, Message>> = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.fromEntries(
      AREAS.flatMap((area) =>
        Object.entries(area as Record<string, Partial<Record<Language, Message>>>).flatMap(([key, texts]) =>
          texts[language] === undefined ? [] : [[key, texts[language]]],
        ),
      ),
    ),
  ]),
) as Record<Language, Record<string, Message>>;

let active: Language = DEFAULT_LANGUAGE;

/** The language every later message is written in (the pane and the cells share the runtime). */
export function setLanguage(language: Language): void {
  active = language;
}

export const currentLanguage = (): Language => active;

/** Intl's formatters, made once per language (each is costly to build; a cell's message may use one). */
const plurals = new Map<Language, Intl.PluralRules>();
const numbers = new Map<Language, Intl.NumberFormat>();
const cached = <T>(cache: Map<Language, T>, language: Language, make: () => T): T => {
  let value = cache.get(language);
  if (value === undefined) cache.set(language, (value = make()));
  return value;
};

/** A number written the language's way (1,234.5 in English, 1.234,5 in German). */
export const formatNumber = (value: number, language: Language = active): string =>
  cached(numbers, language, () => new Intl.NumberFormat(language, { maximumFractionDigits: 1 })).format(value);

/** The text of `message` for `values`: its plural form by `count`, placeholders filled. */
export function formatMessage(language: Language, message: Message, values: MessageValues = {}): string {
  let text: string | undefined;
  if (typeof message === 'string') text = message;
  else {
    const count = Number(values.count);
    const rules = cached(plurals, language, () => new Intl.PluralRules(language));
    text = message[rules.select(Number.isFinite(count) ? count : 0)] ?? message.other;
  }
  return (text ?? '').replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    if (!Object.hasOwn(values, name)) return placeholder;
    const value = values[name];
    return typeof value === 'number' ? formatNumber(value, language) : value;
  });
}

/** `key`'s message in the current language (English where a language lacks it), with `values` filled in. */
export function t(key: MessageKey, values?: MessageValues, language: Language = active): string {
  const catalog = CATALOGS[language];
  const message = Object.hasOwn(catalog, key) ? catalog[key] : CATALOGS[DEFAULT_LANGUAGE][key];
  return formatMessage(language, message, values);
}
