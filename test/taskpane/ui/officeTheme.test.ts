/**
 * Which theme the pane wears from what Office says of its own (Office.OfficeTheme): dark or light as
 * Office is whatever the system says, Office's body colour as the page's background, and nothing of
 * it taken on trust: no theme, a broken colour, or a colour the pane's text would not read on leaves
 * the pane to the system's setting and Fluent's own background.
 */
import { contrast, paneTheme } from '../../../src/taskpane/ui/officeTheme';
import { BLACK, WHITE } from './officeThemes';

test("Office's theme wins over the system's setting, both ways", () => {
  expect(paneTheme(BLACK, false)).toEqual({ dark: true, background: '#262626' });
  expect(paneTheme(WHITE, true)).toEqual({ dark: false, background: '#FFFFFF' });
});

test('without a theme from Office (outside Office; Excel on the web, office-js#6134), the system decides', () => {
  expect(paneTheme(undefined, true)).toEqual({ dark: true, background: null });
  expect(paneTheme(null, false)).toEqual({ dark: false, background: null });
  expect(paneTheme('dark', false)).toEqual({ dark: false, background: null });
});

test('a host without isDarkTheme is read from its body colour', () => {
  const older: Record<string, unknown> = { ...BLACK };
  delete older.isDarkTheme;
  expect(paneTheme(older, false)).toEqual({ dark: true, background: '#262626' });
  expect(paneTheme({ ...older, bodyBackgroundColor: '#f3f3f3' }, true)).toEqual({ dark: false, background: '#f3f3f3' });
});

test('a colour that is not "#RRGGBB", or one the pane’s text would not read on, is left out', () => {
  for (const broken of ['red', '#fff', 'url(x)', '#2626262', '', 42])
    expect(paneTheme({ ...BLACK, bodyBackgroundColor: broken }, false)).toEqual({ dark: true, background: null });
  // Said light on a dark grey: the light theme's grey hint text would not read on it.
  expect(paneTheme({ ...WHITE, bodyBackgroundColor: '#555555' }, false)).toEqual({ dark: false, background: null });
});

test("contrast is WCAG's ratio", () => {
  expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
});
