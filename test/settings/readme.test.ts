/** The README's settings table is the one settings.ts documents: same keys, meanings and defaults. */
import { readFileSync } from 'fs';
import { join } from 'path';
import { settingsTableMarkdown } from '../../src/settings/settings';

test('README.md carries the settings table exactly as SETTINGS_TABLE renders it', () => {
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  expect(readme).toContain(settingsTableMarkdown());
});
