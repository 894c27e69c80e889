/**
 * The pane held still for a test: CSS transitions and animations off, so that a colour, a contrast or a
 * screenshot is read at its end value, not at some point of a fade that a loaded machine stretches.
 * Runs first in the page (a Playwright init script, or the fixture script ./paneSite.ts serves to any
 * engine). It adds a constructed style sheet to the document, which the page's Content-Security-Policy
 * allows and the pane's own sheets join rather than replace (src/taskpane/ui/styles.ts).
 */

/**
 * Light-DOM elements (the Fluent components' hosts among them) lose their transitions outright; the
 * parts inside the components' shadow roots, which a document sheet cannot reach, take their durations
 * from the theme's motion tokens, which inherit into them: set to zero, no transition starts there either.
 */
export function stillMotion(): void {
  const tokens = ['UltraFast', 'Faster', 'Fast', 'Normal', 'Gentle', 'Slow', 'Slower', 'UltraSlow'];
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(
    [
      '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; animation-delay: 0s !important; }',
      `:root { ${tokens.map((token) => `--duration${token}: 0s !important;`).join(' ')} }`,
    ].join('\n'),
  );
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
