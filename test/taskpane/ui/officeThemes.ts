/**
 * Office's themes as tests hand them to the pane (the shape of Office.OfficeTheme: colours as
 * "#RRGGBB" and isDarkTheme; the values illustrative), shared by the Node and the browser tests.
 */

/** Office's Black theme. */
export const BLACK = {
  bodyBackgroundColor: '#262626',
  bodyForegroundColor: '#FFFFFF',
  controlBackgroundColor: '#333333',
  controlForegroundColor: '#FFFFFF',
  isDarkTheme: true,
};

/** Office's White theme. */
export const WHITE = {
  ...BLACK,
  bodyBackgroundColor: '#FFFFFF',
  bodyForegroundColor: '#262626',
  isDarkTheme: false,
  themeId: 3,
};
