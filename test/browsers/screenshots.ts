/**
 * Where tests put the screenshots the docs show: docs/screenshots when UPDATE_SCREENSHOTS=1 (to refresh
 * the committed images), else test-results/screenshots. Ordinary runs still take them (the states must
 * render) without rewriting committed images, in which the sandbox's random port shows.
 */
import { mkdirSync } from 'fs';
import { join } from 'path';

const ROOT = join(__dirname, '..', '..');

/** The folder, created if missing. */
export function screenshotFolder(): string {
  const folder = process.env.UPDATE_SCREENSHOTS
    ? join(ROOT, 'docs', 'screenshots')
    : join(ROOT, 'test-results', 'screenshots');
  mkdirSync(folder, { recursive: true });
  return folder;
}
