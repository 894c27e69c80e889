/**
 * WebKit (WKWebView's engine: Excel on the Mac) through its WebDriver: WebKitGTK's WebKitWebDriver and
 * MiniBrowser on Linux, safaridriver on a Mac. WebDriver has one window per session, so each
 * newPage() is that window, resized; the protocol does not report the console (the pane fixture
 * records errors in the page instead).
 */
import { locate } from './locate';
import type { BrowserDriver, PageDriver } from './pageDriver';
import { WebDriverSession, type ElementRef } from './webdriver';

const CLICK_TIMEOUT_MS = 20_000;

/**
 * Runs in the page before a click, as Playwright's actionability checks do for the other engines: the
 * target centred in view (the driver would scroll it just into view, under the pane's sticky footer),
 * enabled, at the same place two frames running (a status line or a list appearing above it moves it
 * while the pane is still working) and the element hit at its centre. WebKitWebDriver clicks at the
 * point it measured, so a target that moved after would leave the click to whatever took its place.
 */
function actionable(target: Element, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const frame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));
  const hit = (x: number, y: number): boolean => {
    let found: Element | null = document.elementFromPoint(x, y);
    while (found?.shadowRoot) {
      const inner = found.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === found) break;
      found = inner;
    }
    for (let node: Node | null = found; node; node = node.parentNode ?? (node as ShadowRoot).host ?? null)
      if (node === target) return true;
    return false;
  };
  const check = async (): Promise<void> => {
    target.scrollIntoView({ block: 'center' });
    const before = target.getBoundingClientRect();
    await frame();
    await frame();
    const after = target.getBoundingClientRect();
    const still = before.x === after.x && before.y === after.y && after.width > 0 && after.height > 0;
    const enabled = !target.matches(':disabled') && target.getAttribute('aria-disabled') !== 'true';
    if (still && enabled && hit(after.x + after.width / 2, after.y + after.height / 2)) return;
    if (Date.now() > deadline) throw new Error(`${target.localName}#${target.id} was not still, enabled and on top`);
    return check();
  };
  return check();
}

export async function webkitDriver(): Promise<BrowserDriver> {
  const session = await WebDriverSession.start(locate('webkit'));
  return {
    engine: 'webkit',
    close: () => session.close(),
    newPage: async (viewport): Promise<PageDriver> => {
      await session.setWindowSize(viewport.width, viewport.height);
      return {
        engine: 'webkit',
        goto: (url) => session.navigate(url),
        run: (expression) => session.execute(`return ${expression};`),
        click: async (selector) => {
          const element = await session.find(selector);
          await session.execute(`return (${actionable.toString()})(arguments[0], ${CLICK_TIMEOUT_MS});`, [element]);
          await session.click(element);
        },
        type: async (selector, text) => {
          const field = await session.execute<ElementRef>(
            'const host = document.querySelector(arguments[0]); return host.shadowRoot?.querySelector("input") ?? host;',
            [selector],
          );
          await session.replaceText(field, text);
        },
        browserErrors: () => [],
      };
    },
  };
}
