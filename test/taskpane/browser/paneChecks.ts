/**
 * Readings of the whole pane that hold in any engine: which font each piece of text is drawn in
 * (inside the components' shadow roots too), and what axe-core finds wrong with the page's
 * accessibility. Both run in the page through the engine-neutral page driver.
 */
import { evaluate, waitUntil, type PageDriver } from '../../browsers/pageDriver';
import { AXE_PATH } from './paneSite';

export interface FontReading {
  /** The theme's --fontFamilyBase, normalised. */
  theme: string;
  /** How many texts and form controls were read. */
  checked: number;
  /** Those drawn in another family than the theme's: "what" is the element, "family" its computed font-family. */
  others: Array<{ what: string; family: string }>;
}

/** A font-family list as one string, whichever way the engine quotes and spaces it. */
export function normalFamily(family: string): string {
  return family
    .split(',')
    .map((name) => name.trim().replace(/^["']|["']$/g, ''))
    .join(', ');
}

/**
 * The computed font-family of every piece of text as it is drawn: a text node takes its font from its
 * parent in the flat tree (the slot it is assigned to, for a component's content), and every form
 * control, native or inside a shadow root, from itself.
 */
export async function fontStacks(page: PageDriver): Promise<FontReading> {
  const read = await evaluate(page, () => {
    const roots: Array<Document | ShadowRoot> = [document];
    for (let i = 0; i < roots.length; i++)
      for (const element of roots[i].querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    const drawn: Element[] = [];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const parent = node.parentElement;
        if (!node.data.trim() || !parent || parent.closest('script, style, head')) continue;
        drawn.push(node.assignedSlot ?? parent);
      }
      drawn.push(...root.querySelectorAll('input, select, textarea, button'));
    }
    const where = (element: Element): string => {
      const host = (element.getRootNode() as ShadowRoot).host;
      return host ? ` in ${host.localName}${host.id ? `#${host.id}` : ''}` : '';
    };
    return {
      theme: getComputedStyle(document.body).getPropertyValue('--fontFamilyBase'),
      fonts: drawn.map((element) => ({
        what: `${element.localName}${element.id ? `#${element.id}` : ''}${where(element)} "${(element.textContent ?? '').trim().slice(0, 30)}"`,
        family: getComputedStyle(element).fontFamily,
      })),
    };
  });
  const theme = normalFamily(read.theme);
  return {
    theme,
    checked: read.fonts.length,
    others: read.fonts
      .map(({ what, family }) => ({ what, family: normalFamily(family) }))
      .filter(({ family }) => family !== theme),
  };
}

/** Opens every collapsible part of the pane: its sections and the groups nested in them. */
export function openEverySection(page: PageDriver): Promise<void> {
  return evaluate(page, () => {
    for (const details of document.querySelectorAll('details')) details.open = true;
  });
}

/** axe-core's violations on the page as it is now, one line per rule with the elements it found. */
export async function axeViolations(page: PageDriver): Promise<string[]> {
  await evaluate(
    page,
    (src: string) => {
      const script = document.createElement('script');
      script.src = src;
      document.head.append(script);
    },
    `/${AXE_PATH}`,
  );
  await waitUntil(page, () => 'axe' in window, [], 'axe-core loading');
  // A control just released fades from its disabled colours (a CSS transition): read the page at rest.
  await waitUntil(
    page,
    () => !document.querySelector('[aria-busy="true"]') && document.getAnimations().length === 0,
    [],
    'the page coming to rest (nothing busy, no transition running)',
  );
  return evaluate(page, async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(
      (rule) => `${rule.id} (${rule.help}): ${rule.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
    );
  });
}
