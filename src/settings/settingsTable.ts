/**
 * The settings table of docs/settings.md, rendered from the definitions (a test checks docs/settings.md against it):
 * each default is documented from its value, so the text cannot drift from what the add-in does.
 */
import { FIELDS, HOUR_MS, SPECS, type FieldSpec, type Settings } from './definitions';

export interface SettingDoc {
  setting: keyof Settings;
  key: string;
  meaning: string;
  format: string;
  default: string;
}

/** The settings table of docs/settings.md, as data (a test checks docs/settings.md against it). */
export const SETTINGS_TABLE: readonly SettingDoc[] = FIELDS.map((setting) => ({
  setting,
  key: SPECS[setting].key,
  meaning: SPECS[setting].meaning,
  format: SPECS[setting].format,
  default: fallbackText(setting),
}));

/** SETTINGS_TABLE as the Markdown table docs/settings.md carries. */
export function settingsTableMarkdown(): string {
  const rows = SETTINGS_TABLE.map((row) => `| \`${row.key}\` | ${row.meaning} | ${row.format} | ${row.default} |`);
  return ['| storage key | meaning | format | default |', '|---|---|---|---|', ...rows].join('\n');
}

/** "2 minutes", "24 hours": how the docs read a duration in milliseconds. */
function durationWords(ms: number): string {
  const units: [number, string][] = [
    [HOUR_MS, 'hour'],
    [60_000, 'minute'],
    [1_000, 'second'],
  ];
  const [size, unit] = units.find(([size]) => ms % size === 0 && ms >= size) ?? [1, 'millisecond'];
  const count = ms / size;
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** A setting's default as docs/settings.md documents it, produced from the default value itself. */
function fallbackText(setting: keyof Settings): string {
  const spec = SPECS[setting] as FieldSpec<typeof setting>;
  if (spec.fallbackText !== undefined || typeof spec.fallback === 'function') return spec.fallbackText ?? '';
  const value = spec.fallback;
  if (value === null) return 'none';
  const text = `\`${String(value)}\``;
  return spec.format === 'milliseconds' && typeof value === 'number' ? `${text} (${durationWords(value)})` : text;
}
