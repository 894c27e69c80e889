/**
 * The page as a screen reader gets it: Chromium's own accessibility tree, over the DevTools protocol.
 *
 * Playwright's getByRole / getByLabel compute roles and names from the DOM, so they cannot see what a
 * custom element declares through ElementInternals (the Fluent components' button, checkbox, switch
 * and progressbar roles, their checked and disabled states) nor a label that reaches an <input>
 * through a shadow root's slot (fluent-text-input). Chromium's tree has all of it, and it is what
 * assistive technology reads; these helpers find controls there and hand back ordinary locators.
 */
import type { CDPSession, Locator, Page } from 'playwright-core';

interface AXValue {
  value?: unknown;
}
interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  description?: AXValue;
  value?: AXValue;
  properties?: Array<{ name: string; value: AXValue }>;
  backendDOMNodeId?: number;
  parentId?: string;
}

/** What assistive technology is told about a control. */
export interface AXState {
  role: string;
  name: string;
  description: string;
  /** A field's text, a progress bar's position. */
  value: string;
  /** 'true' | 'false' | 'mixed' for checkboxes and switches; undefined for the rest. */
  checked?: string;
  disabled: boolean;
  invalid: boolean;
  /** A progress bar's end (its position is `value`). */
  valueMax?: number;
}

export interface AXControl {
  locator: Locator;
  state(): Promise<AXState>;
}

/** Roles a person operates, which must each have a name. */
const OPERABLE = new Set([
  'button',
  'textbox',
  'searchbox',
  'checkbox',
  'switch',
  'combobox',
  'listbox',
  'link',
  'progressbar',
  'radio',
  'slider',
  'spinbutton',
  'tab',
  'Date',
  'DateTime',
  'InputTime',
]);

const text = (value: AXValue | undefined): string => (value?.value === undefined ? '' : String(value.value));

function stateOf(node: AXNode): AXState {
  const property = (name: string): unknown => node.properties?.find((p) => p.name === name)?.value.value;
  const checked = property('checked');
  return {
    role: text(node.role),
    name: text(node.name),
    description: text(node.description),
    value: text(node.value),
    checked: checked === undefined ? undefined : String(checked),
    disabled: property('disabled') === true,
    invalid: property('invalid') !== undefined && property('invalid') !== 'false',
    valueMax: property('valuemax') === undefined ? undefined : Number(property('valuemax')),
  };
}

export class AccessibilityTree {
  private marks = 0;

  private constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
  ) {}

  static async attach(page: Page): Promise<AccessibilityTree> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Accessibility.enable');
    return new AccessibilityTree(page, cdp);
  }

  /** Every node of the tree a screen reader would reach (ignored ones left out). */
  async nodes(): Promise<AXNode[]> {
    const { nodes } = (await this.cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    return nodes.filter((node) => !node.ignored);
  }

  /** Operable nodes without an accessible name, described for a failure message. */
  async unnamed(): Promise<string[]> {
    return (await this.nodes())
      .filter((node) => OPERABLE.has(text(node.role)) && !text(node.name).trim())
      .map((node) => `${text(node.role)} #${node.backendDOMNodeId}`);
  }

  /** Live regions inside another live region (each message must be announced once, not twice). */
  async nestedLiveRegions(): Promise<number> {
    const nodes = await this.nodes();
    const byId = new Map(nodes.map((node) => [node.nodeId, node]));
    const live = (node: AXNode): boolean =>
      node.properties?.some((p) => p.name === 'live' && p.value.value !== 'off') ?? false;
    const isRegionRoot = (node: AXNode): boolean => ['status', 'alert', 'log'].includes(text(node.role));
    return nodes.filter((node) => {
      if (!isRegionRoot(node)) return false;
      for (let parent = byId.get(node.parentId ?? ''); parent; parent = byId.get(parent.parentId ?? ''))
        if (isRegionRoot(parent) && live(parent)) return true;
      return false;
    }).length;
  }

  /** The names of the nodes with this role, in document order. */
  async names(role: string): Promise<string[]> {
    return (await this.nodes()).filter((node) => text(node.role) === role).map((node) => text(node.name));
  }

  /**
   * The one control with this role and exactly this name, waiting for it to appear. Its element is
   * marked with a data attribute so that a locator finds it, inside a shadow root too.
   */
  async get(role: string, name: string, timeout = 10_000): Promise<AXControl> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = (await this.nodes()).filter(
        (node) => text(node.role) === role && text(node.name) === name && node.backendDOMNodeId !== undefined,
      );
      if (found.length > 1) throw new Error(`${found.length} ${role} nodes are named "${name}"`);
      if (found.length === 1) return this.control(found[0].backendDOMNodeId as number);
      if (Date.now() > deadline)
        throw new Error(
          `No ${role} named "${name}" in the accessibility tree; ${role} names: ${JSON.stringify(await this.names(role))}`,
        );
      await this.page.waitForTimeout(100);
    }
  }

  private async control(backendNodeId: number): Promise<AXControl> {
    const mark = `ax-${++this.marks}`;
    const { object } = (await this.cdp.send('DOM.resolveNode', { backendNodeId })) as { object: { objectId: string } };
    await this.cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: 'function (mark) { this.setAttribute("data-test-ax", mark); }',
      arguments: [{ value: mark }],
    });
    await this.cdp.send('Runtime.releaseObject', { objectId: object.objectId });
    return {
      locator: this.page.locator(`[data-test-ax="${mark}"]`),
      state: async () => {
        const { nodes } = (await this.cdp.send('Accessibility.getPartialAXTree', {
          backendNodeId,
          fetchRelatives: false,
        })) as { nodes: AXNode[] };
        const node = nodes.find((candidate) => !candidate.ignored);
        if (!node) throw new Error(`The control marked ${mark} left the accessibility tree`);
        return stateOf(node);
      },
    };
  }
}
