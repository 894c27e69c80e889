/**
 * The pane follows Office's own theme, as Microsoft asks of task panes: when Office says its theme
 * (Office.OfficeTheme: `isDarkTheme`, `bodyBackgroundColor`…; Excel on Windows, Mac, the web and
 * iPad), the pane is dark or light as Office is, whatever the system's setting, and its page takes
 * Office's body colour. Nothing of it is trusted: a colour that is not "#RRGGBB", or one the pane's
 * text would not read on (WCAG's 4.5:1), is left out, and without a theme (outside Office, or Excel
 * on the web that leaves it undefined, office-js#6134) the system's light or dark setting decides.
 * Windows contrast themes (forced-colors) override all of it in the browser, as they should.
 */
import { webDarkTheme, webLightTheme } from '@fluentui/tokens';

export interface PaneTheme {
  dark: boolean;
  /** The page's background: Office's body colour, or null for the Fluent theme's own. */
  background: string | null;
}

const HEX = /^#([0-9a-f]{6})$/i;

/** WCAG 2 relative luminance of "#RRGGBB". */
function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(hex.slice(1 + at, 3 + at), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two "#RRGGBB" colours. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The least contrast text needs (WCAG 2.2, 1.4.3, normal text). */
const TEXT_CONTRAST = 4.5;

/** The pane's theme from what Office says (`office`, anything) and the system's dark setting. */
export function paneTheme(office: unknown, systemDark: boolean): PaneTheme {
  const said = (typeof office === 'object' && office !== null ? office : {}) as Record<string, unknown>;
  const body =
    typeof said.bodyBackgroundColor === 'string' && HEX.test(said.bodyBackgroundColor)
      ? said.bodyBackgroundColor
      : null;
  // isDarkTheme is the documented answer (Black or Dark Gray); a host without it is read from its body colour.
  const dark =
    typeof said.isDarkTheme === 'boolean'
      ? said.isDarkTheme
      : body !== null
        ? contrast(body, '#ffffff') > contrast(body, '#000000')
        : systemDark;
  // The faintest text the page sets on its background (hints) must still read on Office's colour.
  const faintest = (dark ? webDarkTheme : webLightTheme).colorNeutralForeground2;
  const background = body !== null && contrast(body, faintest) >= TEXT_CONTRAST ? body : null;
  return { dark, background };
}
