/**
 * The pane's own style sheet: page layout, and the few native elements kept beside the Fluent
 * components (the collapsible sections, the column pickers, lists, counters, links), drawn with the
 * same Fluent 2 tokens the components use. The tokens themselves (colours, type ramp, spacing, light
 * or dark) come from the theme set in fluent.ts. The sheet is adopted through the CSSOM
 * (`document.adoptedStyleSheets`), which the page's Content-Security-Policy allows without
 * 'unsafe-inline' and without a CSS loader in the build.
 */

/**
 * The pane's one font stack, for its own text and the Fluent components alike (fluent.ts puts it in
 * the theme's fontFamilyBase token, which both read). It is Fluent's, with Arial before the generic
 * family: where no platform UI font of the list exists (Linux), WebKit takes no stand-in for a missing
 * family and draws its generic sans-serif, while Chromium draws Arial's metric twin; naming Arial gives
 * every engine the same face.
 */
export const PANE_FONT_STACK =
  "'Segoe UI', 'Segoe UI Web (West European)', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', Arial, sans-serif";

const PANE_CSS = `
:root { color-scheme: light; }
:root[data-theme='dark'] { color-scheme: dark; }

* { box-sizing: border-box; }
html, body { margin: 0; }
body {
  font-family: var(--fontFamilyBase); font-size: var(--fontSizeBase300); line-height: var(--lineHeightBase300);
  color: var(--colorNeutralForeground1); background: var(--colorNeutralBackground2);
  min-width: 300px; display: flex; flex-direction: column; min-height: 100vh;
}
h1 {
  font-size: var(--fontSizeBase400); line-height: var(--lineHeightBase400); font-weight: var(--fontWeightSemibold);
  margin: 0;
}
h2 {
  font-size: var(--fontSizeBase400); line-height: var(--lineHeightBase400); font-weight: var(--fontWeightSemibold);
  margin: 0; display: inline;
}
h3 {
  font-size: var(--fontSizeBase300); line-height: var(--lineHeightBase300); font-weight: var(--fontWeightSemibold);
  margin: var(--spacingVerticalS) 0 0;
}
p { margin: 0; }
a { color: var(--colorBrandForegroundLink); text-decoration: none; }
a:hover { color: var(--colorBrandForegroundLinkHover); text-decoration: underline; }
/* Native elements only (and a heading the pane moves the focus to): the Fluent components draw their own. */
a:focus-visible, summary:focus-visible, h3[tabindex]:focus-visible {
  outline: var(--strokeWidthThick) solid var(--colorStrokeFocus2); outline-offset: 1px;
  border-radius: var(--borderRadiusMedium);
}
[hidden] { display: none !important; }

.pane-header { display: flex; flex-direction: column; align-items: flex-start; gap: var(--spacingVerticalXS);
  padding: var(--spacingVerticalM) var(--spacingHorizontalL); background: var(--colorNeutralBackground1);
  border-bottom: var(--strokeWidthThin) solid var(--colorNeutralStroke2);
}
.pane-header fluent-badge {
  max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; display: block; height: auto;
}
main {
  flex: 1; padding: var(--spacingVerticalS) var(--spacingHorizontalS); display: flex; flex-direction: column;
  gap: var(--spacingVerticalS);
}

/* Sections: native <details>, drawn as Fluent 2 cards with an accordion header. */
.section {
  background: var(--colorNeutralBackground1); border-radius: var(--borderRadiusLarge); box-shadow: var(--shadow4);
}
.section > summary {
  cursor: pointer; list-style: none; padding: var(--spacingVerticalM) var(--spacingHorizontalL); display: flex;
  align-items: center; gap: var(--spacingHorizontalS); border-radius: var(--borderRadiusLarge);
}
.section > summary::-webkit-details-marker { display: none; }
.section > summary::before, details.nested > summary::before {
  content: ''; width: 6px; height: 6px; border-right: 1.5px solid currentColor; border-bottom: 1.5px solid currentColor;
  transform: rotate(-45deg); transition: transform var(--durationFaster) var(--curveEasyEase); flex: none; }
.section[open] > summary::before, details.nested[open] > summary::before { transform: translateY(-2px) rotate(45deg); }
.section > summary:hover { background: var(--colorSubtleBackgroundHover); }
.section > .stack, .section > form { padding: 0 var(--spacingHorizontalL) var(--spacingVerticalL); }
details.nested > summary {
  cursor: pointer; list-style: none; display: flex; align-items: center; gap: var(--spacingHorizontalS);
  color: var(--colorNeutralForeground2);
}
details.nested > summary::-webkit-details-marker { display: none; }
details.nested > .stack { padding: var(--spacingVerticalS) 0 0 var(--spacingHorizontalL); }

.stack { display: flex; flex-direction: column; gap: var(--spacingVerticalM); }
.stack.tight { gap: var(--spacingVerticalXS); }
.row { display: flex; flex-wrap: wrap; gap: var(--spacingHorizontalS); align-items: center; }
.card {
  border: var(--strokeWidthThin) solid var(--colorNeutralStroke2); border-radius: var(--borderRadiusMedium);
  padding: var(--spacingVerticalM) var(--spacingHorizontalM);
}
.field { display: flex; flex-direction: column; gap: var(--spacingVerticalXS); }
.outside-excel { margin: var(--spacingVerticalM) var(--spacingHorizontalM); }
.hint {
  color: var(--colorNeutralForeground3); font-size: var(--fontSizeBase200); line-height: var(--lineHeightBase200);
}

/* Fluent components in the pane's narrow column: full width, side by side where they pair. */
fluent-text-input { width: 100%; max-width: none; min-width: 0; }
fluent-text-input[data-invalid]::part(root) {
  border-color: var(--colorPaletteRedBorder2); border-bottom-color: var(--colorPaletteRedForeground1);
}
fluent-text-input.label-hidden::part(label) {
  position: absolute; width: 1px; height: 1px; padding: 0; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
}
.input-group { display: flex; gap: var(--spacingHorizontalXS); align-items: flex-end; }
.input-group > fluent-text-input { flex: 1; }
.input-group > fluent-button { flex: none; }
.input-group > fluent-button[appearance=subtle] { min-width: 0; }
fluent-field { width: 100%; }
fluent-field .meta { color: var(--colorNeutralForeground3); margin-inline-start: var(--spacingHorizontalXS); }
fluent-button[aria-current=true] { border-color: var(--colorBrandStroke1); color: var(--colorBrandForeground1); }
fluent-button[aria-busy=true] { cursor: progress; }
fluent-progress-bar { width: 100%; }

/* Status lines: the live region is the wrapper; the message bar inside is its look. */
.status fluent-message-bar { overflow-wrap: anywhere; color: var(--colorNeutralForeground1); }
.status svg { fill: none; stroke: currentColor; stroke-width: 1.5; stroke-linecap: round; }
.status fluent-message-bar[intent=success] svg { color: var(--colorPaletteGreenForeground1); }
.status fluent-message-bar[intent=error] svg { color: var(--colorPaletteRedForeground1); }
.status fluent-message-bar[intent=info] svg { color: var(--colorNeutralForeground3); }

/* The column pickers: native <select>, drawn as Fluent 2's Select (itself a styled native select). */
.field > label { color: var(--colorNeutralForeground1); }
.select { position: relative; display: block; }
.select::after {
  content: ''; position: absolute; right: var(--spacingHorizontalM); top: 50%; width: 6px; height: 6px;
  margin-top: -5px; pointer-events: none;
  border-right: 1.5px solid var(--colorNeutralForeground3); border-bottom: 1.5px solid var(--colorNeutralForeground3);
  transform: rotate(45deg);
}
select {
  appearance: none; font: inherit; color: var(--colorNeutralForeground1); background: var(--colorNeutralBackground1);
  width: 100%; min-width: 0; height: 32px;
  padding: 0 calc(var(--spacingHorizontalM) + 16px) 0 var(--spacingHorizontalMNudge);
  border: var(--strokeWidthThin) solid var(--colorNeutralStroke1);
  border-bottom-color: var(--colorNeutralStrokeAccessible); border-radius: var(--borderRadiusMedium); cursor: pointer; }
select:hover {
  border-color: var(--colorNeutralStroke1Hover); border-bottom-color: var(--colorNeutralStrokeAccessibleHover);
}
select:focus-visible { outline: none; border-bottom: 2px solid var(--colorCompoundBrandStroke); }

fieldset.outputs {
  border: var(--strokeWidthThin) solid var(--colorNeutralStroke2); border-radius: var(--borderRadiusMedium); margin: 0;
  padding: var(--spacingVerticalS) var(--spacingHorizontalM) var(--spacingVerticalM); display: flex;
  flex-direction: column; gap: var(--spacingVerticalS); min-width: 0;
}
fieldset.outputs legend { font-weight: var(--fontWeightSemibold); padding: 0 var(--spacingHorizontalXS); }

.counters {
  display: grid; grid-template-columns: 1fr auto; gap: var(--spacingVerticalXXS) var(--spacingHorizontalM); margin: 0;
}
.counters dt { color: var(--colorNeutralForeground2); }
.counters dd {
  margin: 0; text-align: right; font-variant-numeric: tabular-nums; font-weight: var(--fontWeightSemibold);
}
.list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--spacingVerticalXS); }
.list > li {
  display: flex; align-items: center; justify-content: space-between; gap: var(--spacingHorizontalS);
  padding: var(--spacingVerticalXS) 0;
  border-bottom: var(--strokeWidthThin) solid var(--colorNeutralStroke2); overflow-wrap: anywhere; }
.list > li:last-child { border-bottom: none; }
.list .meta {
  color: var(--colorNeutralForeground3); font-size: var(--fontSizeBase200); line-height: var(--lineHeightBase200);
}
.list .grow { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.list.compact > li { padding: var(--spacingVerticalXXS) 0; }
.pager { justify-content: space-between; }

.attribution {
  position: sticky; bottom: 0; display: flex; gap: var(--spacingHorizontalS); align-items: center;
  padding: var(--spacingVerticalS) var(--spacingHorizontalL);
  background: var(--colorNeutralBackground1); border-top: var(--strokeWidthThin) solid var(--colorNeutralStroke2);
  font-size: var(--fontSizeBase200); line-height: var(--lineHeightBase200); color: var(--colorNeutralForeground2); }
.attribution img { flex: none; }
/* The one link inside a sentence: underlined, as its colour alone is too close to the text's (WCAG 1.4.1). */
.attribution a { text-decoration: underline; }
@media (prefers-reduced-motion: reduce) { * { transition: none !important; } }

.welcome-actions { flex-wrap: wrap; align-items: center; }
.welcome-actions a { text-decoration: underline; }

/*
 * Windows contrast themes (forced-colors: active): the browser replaces colours with the theme's few
 * system colours and drops backgrounds, so what only a tint set apart (sections, the badge, the status
 * bars) gets a border in the theme's text colour, and focus rings use the theme's Highlight.
 */
@media (forced-colors: active) {
  .section, .pane-header fluent-badge, .status > *, .attribution { border: 1px solid CanvasText; }
  a:focus-visible, summary:focus-visible, h3[tabindex]:focus-visible, select:focus-visible,
  fluent-button:focus-visible, fluent-text-input:focus-within {
    outline: 2px solid Highlight; outline-offset: 1px;
  }
  a { color: LinkText; text-decoration: underline; }
}
`;

/** Adopts the pane's style sheet (once). */
export function applyPaneStyles(doc: Document = document): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(PANE_CSS);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}
