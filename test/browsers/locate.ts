/**
 * Where the browser tests find their engines: an environment variable first (CHROMIUM_PATH,
 * FIREFOX_PATH, WEBKIT_DRIVER_PATH), then the places each platform's installer puts them. Nothing is
 * downloaded: a missing engine fails the tests that need it with what to install, per platform.
 */
import { existsSync } from 'fs';
import { join } from 'path';

export type Engine = 'chromium' | 'firefox' | 'webkit';

interface EngineHome {
  /** What the engine is called in messages. */
  label: string;
  variable: string;
  /** Usual install locations per `process.platform`, most likely first. */
  places: Partial<Record<NodeJS.Platform, string[]>>;
  /** What to install, per platform (the fallback: any other platform). */
  install: Partial<Record<NodeJS.Platform, string>> & { other: string };
}

/** Windows' program folders, from the environment (absent elsewhere). */
const windows = (variable: string, ...parts: string[]): string[] => {
  const root = process.env[variable];
  return root ? [join(root, ...parts)] : [];
};

const HOMES: Record<Engine, EngineHome> = {
  chromium: {
    label: 'Chromium (or Chrome, or Edge)',
    variable: 'CHROMIUM_PATH',
    places: {
      linux: [
        '/usr/bin/chromium',
        '/usr/bin/chromium-browser',
        '/usr/bin/google-chrome',
        '/usr/bin/google-chrome-stable',
        '/usr/bin/microsoft-edge',
        '/snap/bin/chromium',
      ],
      darwin: [
        '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
        '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
        '/Applications/Chromium.app/Contents/MacOS/Chromium',
      ],
      win32: [
        ...windows('ProgramFiles(x86)', 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
        ...windows('ProgramFiles', 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
        ...windows('ProgramFiles', 'Google', 'Chrome', 'Application', 'chrome.exe'),
        ...windows('LOCALAPPDATA', 'Google', 'Chrome', 'Application', 'chrome.exe'),
      ],
    },
    install: {
      linux: 'apt-get install chromium (Debian/Ubuntu), or install Google Chrome or Microsoft Edge',
      darwin: 'install Google Chrome or Microsoft Edge into /Applications',
      other: 'install Microsoft Edge or Google Chrome',
    },
  },
  firefox: {
    label: 'Firefox',
    variable: 'FIREFOX_PATH',
    places: {
      linux: ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/snap/bin/firefox'],
      darwin: ['/Applications/Firefox.app/Contents/MacOS/firefox'],
      win32: [
        ...windows('ProgramFiles', 'Mozilla Firefox', 'firefox.exe'),
        ...windows('ProgramFiles(x86)', 'Mozilla Firefox', 'firefox.exe'),
      ],
    },
    install: {
      linux: 'apt-get install firefox-esr (Debian), or your distribution’s firefox package',
      darwin: 'install Firefox into /Applications',
      other: 'install Firefox',
    },
  },
  webkit: {
    label: 'a WebKit WebDriver (WebKitGTK’s WebKitWebDriver, or Safari’s safaridriver)',
    variable: 'WEBKIT_DRIVER_PATH',
    places: {
      linux: ['/usr/bin/WebKitWebDriver', '/usr/local/bin/WebKitWebDriver'],
      darwin: ['/usr/bin/safaridriver'],
    },
    install: {
      linux: 'apt-get install webkit2gtk-driver xvfb (Debian/Ubuntu; Xvfb gives MiniBrowser a display)',
      darwin: 'run `safaridriver --enable` once (Safari ships the driver)',
      other: 'no WebKit driver exists for this platform: run the tests in WSL or a Linux container',
    },
  },
};

/** The engine's executable (the browser, or for WebKit its WebDriver); throws what to install if none is found. */
export function locate(
  engine: Engine,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const home = HOMES[engine];
  const chosen = env[home.variable];
  if (chosen) {
    if (existsSync(chosen)) return chosen;
    throw new Error(`${home.variable} is set to ${chosen}, which does not exist.`);
  }
  const places = home.places[platform] ?? [];
  const found = places.find((place) => existsSync(place));
  if (found) return found;
  const install = home.install[platform] ?? home.install.other;
  throw new Error(
    `The browser tests need ${home.label}, and none was found` +
      (places.length ? ` (looked in ${places.join(', ')})` : '') +
      `. To fix: ${install}; or set ${home.variable} to its executable.`,
  );
}
