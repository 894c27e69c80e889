/** The settings table in docs/settings.md is the one settings.ts documents: same keys, meanings and defaults. */
import { readFileSync } from 'fs';
import { join } from 'path';
import { defaultSettings, SETTINGS_TABLE, settingsTableMarkdown } from '../../src/settings/settings';

test('docs/settings.md carries the settings table exactly as SETTINGS_TABLE renders it', () => {
  const readme = readFileSync(join(__dirname, '..', '..', 'docs', 'settings.md'), 'utf8');
  expect(readme).toContain(settingsTableMarkdown());
});

test('each documented default is the value the add-in uses when nothing is stored', () => {
  const defaults = defaultSettings() as unknown as Record<string, unknown>;
  for (const row of SETTINGS_TABLE) {
    const value = defaults[row.setting];
    if (['baseUrl', 'apiKey', 'apiKeyOrigin'].includes(row.setting)) continue; // computed: documented in words
    expect({ setting: row.setting, text: row.default.split(' (')[0] }).toEqual({
      setting: row.setting,
      text: value === null ? 'none' : `\`${String(value)}\``,
    });
  }
  expect(SETTINGS_TABLE.find((row) => row.setting === 'deadlineMs')?.default).toBe('`120000` (2 minutes)');
});
