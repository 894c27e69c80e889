/**
 * WebKit (WKWebView's engine: Excel on the Mac) through its WebDriver: WebKitGTK's WebKitWebDriver and
 * MiniBrowser on Linux, safaridriver on a Mac. WebDriver has one window per session, so each
 * newPage() is that window, resized; the protocol does not report the console (the pane fixture
 * records errors in the page instead).
 */
import { locate } from './locate';
import type { BrowserDriver, PageDriver } from './pageDriver';
import { WebDriverSession, type ElementRef } from './webdriver';

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
          // The driver scrolls a target just into view, under the pane's sticky footer: centre it first.
          const element = await session.find(selector);
          await session.execute('arguments[0].scrollIntoView({ block: "center" });', [element]);
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
