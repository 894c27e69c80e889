/** One browser of the given engine, driven by that engine's page driver. */
import { chromiumDriver } from './chromium';
import { firefoxDriver } from './firefox';
import type { Engine } from './locate';
import type { BrowserDriver } from './pageDriver';
import { webkitDriver } from './webkit';

const LAUNCHERS: Record<Engine, () => Promise<BrowserDriver>> = {
  chromium: chromiumDriver,
  firefox: firefoxDriver,
  webkit: webkitDriver,
};

export function launchEngine(engine: Engine): Promise<BrowserDriver> {
  return LAUNCHERS[engine]();
}
