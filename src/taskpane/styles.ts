/**
 * The pane's look: native HTML controls dressed with Fluent 2 design tokens (the values of Fluent 2's
 * web light and dark themes, as CSS custom properties with Fluent's names). The sheet is adopted through
 * the CSSOM (`document.adoptedStyleSheets`), which the page's Content-Security-Policy allows without
 * 'unsafe-inline' and without a CSS loader in the build.
 */

const TOKENS_LIGHT = `
  --colorNeutralForeground1: #242424; --colorNeutralForeground2: #424242; --colorNeutralForeground3: #616161;
  --colorNeutralForegroundOnBrand: #ffffff; --colorNeutralForegroundDisabled: #bdbdbd;
  --colorNeutralBackground1: #ffffff; --colorNeutralBackground1Hover: #f5f5f5; --colorNeutralBackground1Pressed: #e0e0e0;
  --colorNeutralBackground2: #fafafa; --colorNeutralBackground3: #f5f5f5; --colorNeutralBackgroundDisabled: #f0f0f0;
  --colorSubtleBackgroundHover: #f5f5f5; --colorSubtleBackgroundPressed: #e0e0e0;
  --colorNeutralStroke1: #d1d1d1; --colorNeutralStroke2: #e0e0e0; --colorNeutralStrokeAccessible: #616161;
  --colorBrandBackground: #0f6cbd; --colorBrandBackgroundHover: #115ea3; --colorBrandBackgroundPressed: #0c3b5e;
  --colorBrandForeground1: #0f6cbd; --colorBrandForegroundLink: #115ea3; --colorBrandStroke1: #0f6cbd;
  --colorCompoundBrandStroke: #0f6cbd;
  --colorPaletteRedForeground1: #bc2f32; --colorPaletteRedBackground1: #fdf6f6; --colorPaletteRedBorder1: #f1bbbc;
  --colorPaletteGreenForeground1: #0e700e; --colorPaletteGreenBackground1: #f1faf1; --colorPaletteGreenBorder1: #9fd89f;
  --colorStrokeFocus2: #000000;
  --shadow4: 0 0 2px rgba(0,0,0,0.12), 0 2px 4px rgba(0,0,0,0.14);`;

const TOKENS_DARK = `
  --colorNeutralForeground1: #ffffff; --colorNeutralForeground2: #d6d6d6; --colorNeutralForeground3: #adadad;
  --colorNeutralForegroundDisabled: #5c5c5c;
  --colorNeutralBackground1: #292929; --colorNeutralBackground1Hover: #3d3d3d; --colorNeutralBackground1Pressed: #1f1f1f;
  --colorNeutralBackground2: #1f1f1f; --colorNeutralBackground3: #141414; --colorNeutralBackgroundDisabled: #141414;
  --colorSubtleBackgroundHover: #383838; --colorSubtleBackgroundPressed: #2e2e2e;
  --colorNeutralStroke1: #666666; --colorNeutralStroke2: #525252; --colorNeutralStrokeAccessible: #adadad;
  --colorBrandBackground: #115ea3; --colorBrandBackgroundHover: #0f6cbd; --colorBrandBackgroundPressed: #0c3b5e;
  --colorBrandForeground1: #479ef5; --colorBrandForegroundLink: #479ef5; --colorBrandStroke1: #479ef5;
  --colorCompoundBrandStroke: #479ef5;
  --colorPaletteRedForeground1: #e37d80; --colorPaletteRedBackground1: #3f1011; --colorPaletteRedBorder1: #d13438;
  --colorPaletteGreenForeground1: #54b054; --colorPaletteGreenBackground1: #052505; --colorPaletteGreenBorder1: #107c10;
  --colorStrokeFocus2: #ffffff;`;

export const PANE_CSS = `
:root {
  ${TOKENS_LIGHT}
  --fontFamilyBase: 'Segoe UI', 'Segoe UI Web (West European)', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', sans-serif;
  --fontSizeBase200: 12px; --lineHeightBase200: 16px; --fontSizeBase300: 14px; --lineHeightBase300: 20px;
  --fontSizeBase400: 16px; --lineHeightBase400: 22px;
  --fontWeightRegular: 400; --fontWeightSemibold: 600;
  --borderRadiusMedium: 4px; --borderRadiusLarge: 8px;
  --spacingS: 8px; --spacingM: 12px; --spacingL: 16px; --spacingXS: 4px;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) { :root { ${TOKENS_DARK} } }

* { box-sizing: border-box; }
html, body { margin: 0; }
body {
  font-family: var(--fontFamilyBase); font-size: var(--fontSizeBase300); line-height: var(--lineHeightBase300);
  color: var(--colorNeutralForeground1); background: var(--colorNeutralBackground2);
  min-width: 300px; display: flex; flex-direction: column; min-height: 100vh;
}
h1 { font-size: var(--fontSizeBase400); line-height: var(--lineHeightBase400); font-weight: var(--fontWeightSemibold); margin: 0; }
h2 { font-size: var(--fontSizeBase400); line-height: var(--lineHeightBase400); font-weight: var(--fontWeightSemibold); margin: 0; display: inline; }
h3 { font-size: var(--fontSizeBase300); font-weight: var(--fontWeightSemibold); margin: var(--spacingS) 0 0; }
p { margin: 0; }
a { color: var(--colorBrandForegroundLink); }
:focus-visible { outline: 2px solid var(--colorStrokeFocus2); outline-offset: 1px; border-radius: var(--borderRadiusMedium); }
[hidden] { display: none !important; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

.pane-header { display: flex; flex-direction: column; align-items: flex-start; gap: var(--spacingXS);
  padding: var(--spacingM) var(--spacingL); background: var(--colorNeutralBackground1); border-bottom: 1px solid var(--colorNeutralStroke2); }
main { flex: 1; padding: var(--spacingS); display: flex; flex-direction: column; gap: var(--spacingS); }

.section { background: var(--colorNeutralBackground1); border-radius: var(--borderRadiusLarge); box-shadow: var(--shadow4); }
.section > summary { cursor: pointer; list-style: none; padding: var(--spacingM) var(--spacingL); display: flex; align-items: center; gap: var(--spacingS); border-radius: var(--borderRadiusLarge); }
.section > summary::-webkit-details-marker { display: none; }
.section > summary::before { content: ''; width: 6px; height: 6px; border-right: 1.5px solid currentColor; border-bottom: 1.5px solid currentColor; transform: rotate(-45deg); transition: transform 0.1s; flex: none; }
.section[open] > summary::before { transform: rotate(45deg); }
.section > summary:hover { background: var(--colorSubtleBackgroundHover); }
.section > .stack, .section > form { padding: 0 var(--spacingL) var(--spacingL); }

.stack { display: flex; flex-direction: column; gap: var(--spacingM); }
.stack.tight { gap: var(--spacingXS); }
.row { display: flex; flex-wrap: wrap; gap: var(--spacingS); align-items: center; }
.card { border: 1px solid var(--colorNeutralStroke2); border-radius: var(--borderRadiusMedium); padding: var(--spacingM); }
.field { display: flex; flex-direction: column; gap: var(--spacingXS); }
.field > label { font-weight: var(--fontWeightSemibold); }
.hint { color: var(--colorNeutralForeground3); font-size: var(--fontSizeBase200); line-height: var(--lineHeightBase200); }

input[type=url], input[type=text], input[type=password], input[type=search], input[type=date], input:not([type]), select {
  font: inherit; color: var(--colorNeutralForeground1); background: var(--colorNeutralBackground1);
  min-height: 32px; padding: 0 var(--spacingS); width: 100%; min-width: 0;
  border: 1px solid var(--colorNeutralStroke1); border-bottom-color: var(--colorNeutralStrokeAccessible);
  border-radius: var(--borderRadiusMedium);
}
input:focus-visible, select:focus-visible { outline: none; border-bottom: 2px solid var(--colorCompoundBrandStroke); }
input[aria-invalid=true] { border-color: var(--colorPaletteRedBorder1); border-bottom-color: var(--colorPaletteRedForeground1); }
.input-group { display: flex; gap: var(--spacingXS); }
.input-group > input { flex: 1; }

.btn { font: inherit; font-weight: var(--fontWeightSemibold); min-height: 32px; min-width: 64px; padding: 0 var(--spacingM);
  border-radius: var(--borderRadiusMedium); border: 1px solid var(--colorNeutralStroke1);
  background: var(--colorNeutralBackground1); color: var(--colorNeutralForeground1); cursor: pointer; }
.btn:hover { background: var(--colorNeutralBackground1Hover); }
.btn:active { background: var(--colorNeutralBackground1Pressed); }
.btn.primary { background: var(--colorBrandBackground); border-color: transparent; color: var(--colorNeutralForegroundOnBrand, #fff); }
.btn.primary:hover { background: var(--colorBrandBackgroundHover); }
.btn.primary:active { background: var(--colorBrandBackgroundPressed); }
.btn.subtle { border-color: transparent; background: transparent; color: var(--colorNeutralForeground2); min-width: 0; }
.btn.subtle:hover { background: var(--colorSubtleBackgroundHover); }
.btn[aria-current=true] { border-color: var(--colorBrandStroke1); color: var(--colorBrandForeground1); }
.btn:disabled, .btn:disabled:hover { cursor: default; background: var(--colorNeutralBackgroundDisabled); color: var(--colorNeutralForegroundDisabled); border-color: var(--colorNeutralStroke2); }
.btn[aria-busy=true] { cursor: progress; }

.check, .switch { display: flex; gap: var(--spacingS); align-items: center; cursor: pointer; }
.check input { width: 16px; height: 16px; margin: 0; accent-color: var(--colorBrandBackground); }
.switch input { appearance: none; width: 40px; height: 20px; margin: 0; border-radius: 10px; flex: none; position: relative;
  border: 1px solid var(--colorNeutralStrokeAccessible); background: var(--colorNeutralBackground1); cursor: pointer; }
.switch input::after { content: ''; position: absolute; top: 3px; left: 3px; width: 12px; height: 12px; border-radius: 50%;
  background: var(--colorNeutralStrokeAccessible); transition: left 0.1s; }
.switch input:checked { background: var(--colorBrandBackground); border-color: transparent; }
.switch input:checked::after { left: 23px; background: var(--colorNeutralForegroundOnBrand, #fff); }
.switch input:focus-visible { outline: 2px solid var(--colorStrokeFocus2); outline-offset: 2px; }

fieldset.outputs { border: 1px solid var(--colorNeutralStroke2); border-radius: var(--borderRadiusMedium); margin: 0; padding: var(--spacingS) var(--spacingM) var(--spacingM); display: flex; flex-direction: column; gap: var(--spacingS); }
fieldset.outputs legend { font-weight: var(--fontWeightSemibold); padding: 0 var(--spacingXS); }
details.nested > summary { cursor: pointer; color: var(--colorNeutralForeground2); }
details.nested > .stack { padding: var(--spacingS) 0 0 var(--spacingL); }

.status:empty { display: none; }
.status, .badge { font-size: var(--fontSizeBase200); line-height: var(--lineHeightBase200); padding: var(--spacingXS) var(--spacingS); border-radius: var(--borderRadiusMedium); border: 1px solid transparent; overflow-wrap: anywhere; }
[data-tone=error] { color: var(--colorPaletteRedForeground1); background: var(--colorPaletteRedBackground1); border-color: var(--colorPaletteRedBorder1); }
[data-tone=success] { color: var(--colorPaletteGreenForeground1); background: var(--colorPaletteGreenBackground1); border-color: var(--colorPaletteGreenBorder1); }
[data-tone=info], [data-tone=busy] { color: var(--colorNeutralForeground2); background: var(--colorNeutralBackground3); }
.badge { white-space: nowrap; max-width: 100%; overflow: hidden; text-overflow: ellipsis; }

progress { width: 100%; height: 4px; appearance: none; border: none; border-radius: 2px; background: var(--colorNeutralBackground3); }
progress::-webkit-progress-bar { background: var(--colorNeutralStroke2); border-radius: 2px; }
progress::-webkit-progress-value { background: var(--colorBrandBackground); border-radius: 2px; }
progress::-moz-progress-bar { background: var(--colorBrandBackground); }

.counters { display: grid; grid-template-columns: 1fr auto; gap: 2px var(--spacingM); margin: 0; }
.counters dt { color: var(--colorNeutralForeground2); }
.counters dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; font-weight: var(--fontWeightSemibold); }
.list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--spacingXS); }
.list > li { display: flex; align-items: center; justify-content: space-between; gap: var(--spacingS); padding: var(--spacingXS) 0; border-bottom: 1px solid var(--colorNeutralStroke2); overflow-wrap: anywhere; }
.list > li:last-child { border-bottom: none; }
.list .meta { color: var(--colorNeutralForeground3); font-size: var(--fontSizeBase200); line-height: var(--lineHeightBase200); }
.list .grow { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.list.compact > li { padding: 2px 0; }
.pager { justify-content: space-between; }

.attribution { position: sticky; bottom: 0; display: flex; gap: var(--spacingS); align-items: center; padding: var(--spacingS) var(--spacingL);
  background: var(--colorNeutralBackground1); border-top: 1px solid var(--colorNeutralStroke2); font-size: var(--fontSizeBase200); line-height: var(--lineHeightBase200); color: var(--colorNeutralForeground2); }
.attribution img { flex: none; }
@media (prefers-reduced-motion: reduce) { * { transition: none !important; } }
`;

/** Adopts the pane's style sheet (once). */
export function applyPaneStyles(doc: Document = document): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(PANE_CSS);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}
