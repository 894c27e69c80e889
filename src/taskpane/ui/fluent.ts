/**
 * The Fluent 2 web components the pane uses, and the Fluent 2 web theme.
 *
 * Each component is named and defined here one by one; the package marks its modules free of side
 * effects, so webpack keeps these nine and drops the rest of the library (see "Why Fluent UI web
 * components on plain TypeScript, not React" in docs/pane.md for the figures). Collapsible sections stay native
 * <details>, the column pickers native <select> (Fluent 2's Select is a styled native select too) and
 * links native <a>: see styles.ts.
 *
 * Browser-only: imported by the pane's entry, never by modules the Node tests load.
 */
import {
  Badge,
  BadgeDefinition,
  Button,
  ButtonDefinition,
  Checkbox,
  CheckboxDefinition,
  Field,
  FieldDefinition,
  MessageBar,
  MessageBarDefinition,
  ProgressBar,
  ProgressBarDefinition,
  setTheme,
  Spinner,
  SpinnerDefinition,
  Switch,
  SwitchDefinition,
  TextInput,
  TextInputDefinition,
} from '@fluentui/web-components';
import { webDarkTheme, webLightTheme } from '@fluentui/tokens';
import { PANE_FONT_STACK } from './styles';
import { paneTheme } from './officeTheme';

/**
 * Registers the components. FAST defines an element a microtask after it is asked to, so this resolves
 * once every one is live: the page's elements are upgraded and have their inner parts.
 */
export async function defineFluentComponents(): Promise<void> {
  await Promise.all([
    Badge.define(BadgeDefinition),
    Button.define(ButtonDefinition),
    Checkbox.define(CheckboxDefinition),
    Field.define(FieldDefinition),
    MessageBar.define(MessageBarDefinition),
    ProgressBar.define(ProgressBarDefinition),
    Spinner.define(SpinnerDefinition),
    Switch.define(SwitchDefinition),
    TextInput.define(TextInputDefinition),
  ]);
}

/** What Office says of its theme (office/host.ts's officeTheme); nothing until Office has answered. */
let readOfficeTheme: () => unknown = () => undefined;
let applyTheme: () => void = () => undefined;

/**
 * The theme's tokens (CSS custom properties, adopted as a constructed style sheet like every style of
 * the page): Fluent's light or dark theme as Office's theme is, else as the system's setting is
 * (officeTheme.ts), again whenever the system's setting changes while the pane is open (Office's
 * "Use system setting" follows it; Office has no theme-change event for Excel, only Outlook's
 * OfficeThemeChanged, Mailbox 1.14). The page's background is Office's body colour where it has one;
 * `data-theme` on the root gives native controls and scroll bars the same light or dark (styles.ts).
 * Its font is the pane's one stack (styles.ts).
 */
export function applyFluentTheme(): void {
  const systemDark = window.matchMedia('(prefers-color-scheme: dark)');
  applyTheme = (): void => {
    const theme = paneTheme(readOfficeTheme(), systemDark.matches);
    const tokens = theme.dark ? webDarkTheme : webLightTheme;
    setTheme({
      ...tokens,
      fontFamilyBase: PANE_FONT_STACK,
      colorNeutralBackground2: theme.background ?? tokens.colorNeutralBackground2,
    });
    document.documentElement.dataset.theme = theme.dark ? 'dark' : 'light';
  };
  systemDark.addEventListener('change', () => applyTheme());
  applyTheme();
}

/** From now on the theme follows what `read` says of Office's (called once Office has answered). */
export function followOfficeTheme(read: () => unknown): void {
  readOfficeTheme = read;
  applyTheme();
}

/**
 * A fluent-text-input's own <input> lives in its shadow root, where the page's `aria-describedby`
 * ids cannot reach; element references can. The hint under a field is carried to the control, so a
 * screen reader reads it with the field, as it did with native inputs.
 */
export function carryDescriptions(): void {
  for (const field of document.querySelectorAll<HTMLElementTagNameMap['fluent-text-input']>(
    'fluent-text-input[aria-describedby]',
  )) {
    const ids = field.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
    field.control.ariaDescribedByElements = ids
      .map((id) => document.getElementById(id))
      .filter((hint): hint is HTMLElement => hint !== null);
  }
}

/**
 * A disabled component says so through its ElementInternals, which assistive technology reads but a
 * checker of the DOM (axe) cannot: it would take a disabled button's faded text for low contrast. Each
 * component's `disabled` attribute, and a busy button's `disabled-focusable` (view.ts's withBusy), is
 * mirrored as aria-disabled on its element, for components in the page now and added later, so that
 * every reader of the page sees one state.
 */
export function mirrorDisabledState(root: HTMLElement = document.body): void {
  const DISABLED = ['disabled', 'disabled-focusable'];
  const mirror = (element: Element): void => {
    if (!element.localName.startsWith('fluent-')) return;
    if (DISABLED.some((name) => element.hasAttribute(name))) element.setAttribute('aria-disabled', 'true');
    else element.removeAttribute('aria-disabled');
  };
  const mirrorAll = (element: Element): void => {
    mirror(element);
    for (const inner of element.querySelectorAll(DISABLED.map((name) => `[${name}]`).join(','))) mirror(inner);
  };
  mirrorAll(root);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') mirror(record.target as Element);
      for (const added of record.addedNodes) if (added instanceof Element) mirrorAll(added);
    }
  }).observe(root, { subtree: true, childList: true, attributeFilter: DISABLED });
}
