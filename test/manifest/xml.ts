// A small, strict XML reader for the manifest tests: elements, attributes and text, nothing else
// (no DTDs, CDATA or namespace resolution; prefixes stay part of the name, e.g. "bt:Image").
// It throws on anything that is not well-formed, which is itself one of the manifest checks.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string; // concatenated direct text, trimmed
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity[0] === '#')
      return String.fromCodePoint(
        entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
      );
    const value = ENTITIES[entity];
    if (value === undefined) throw new Error(`Unknown XML entity ${whole}`);
    return value;
  });
}

const NAME = '[A-Za-z_][\\w:.-]*';
const TOKEN = new RegExp(
  [
    '(?<comment><!--[\\s\\S]*?-->)',
    '(?<declaration><\\?[\\s\\S]*?\\?>)',
    `</(?<close>${NAME})\\s*>`,
    `<(?<open>${NAME})(?<attributes>(?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(?<selfClosing>/?)>`,
    '(?<text>[^<]+)',
  ].join('|'),
  'y',
);
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g');

export function parseXml(source: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match?.groups) throw new Error(`Malformed XML at offset ${at}: ${JSON.stringify(source.slice(at, at + 40))}`);
    const { close, open, attributes, selfClosing, text } = match.groups;
    const parent = stack[stack.length - 1];
    if (text !== undefined) {
      if (parent) parent.text = (parent.text + decode(text)).trim();
      else if (text.trim()) throw new Error(`Text outside the root element at offset ${at}`);
    } else if (open !== undefined) {
      const element: XmlElement = { name: open, attributes: {}, children: [], text: '' };
      for (const [, name, double, single] of attributes.matchAll(ATTRIBUTE)) {
        if (name in element.attributes) throw new Error(`Duplicate attribute ${name} on <${open}>`);
        element.attributes[name] = decode(double ?? single);
      }
      if (parent) parent.children.push(element);
      else if (root) throw new Error(`Second root element <${open}>`);
      else root = element;
      if (!selfClosing) stack.push(element);
    } else if (close !== undefined) {
      const element = stack.pop();
      if (element?.name !== close)
        throw new Error(`</${close}> closes <${element?.name ?? 'nothing'}> at offset ${at}`);
    }
  }
  if (stack.length > 0) throw new Error(`Unclosed <${stack[stack.length - 1].name}>`);
  if (!root) throw new Error('No root element');
  return root;
}

/** Every element below `element` (depth first, document order). */
export function descendants(element: XmlElement): XmlElement[] {
  return element.children.flatMap((child) => [child, ...descendants(child)]);
}

/** The elements reached by following child names, e.g. path(root, 'Requirements', 'Sets', 'Set'). */
export function path(element: XmlElement, ...names: string[]): XmlElement[] {
  return names.reduce<XmlElement[]>(
    (level, name) => level.flatMap((e) => e.children.filter((c) => c.name === name)),
    [element],
  );
}
