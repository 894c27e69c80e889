/**
 * RFC 5988 `Link` header parsing, as far as pagination needs it: which URL each `rel` names.
 * `<u1>; rel="next", <u2>; rel=last` -> { next: 'u1', last: 'u2' }. Commas inside `<...>` or quotes
 * do not split links; one link may carry several space-separated relations (`rel="next last"`).
 */
export function parseLinkHeader(header: string | null | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  if (!header) return links;
  let i = 0;
  while (i < header.length) {
    const open = header.indexOf('<', i);
    if (open < 0) break;
    const close = header.indexOf('>', open + 1);
    if (close < 0) break;
    const target = header.slice(open + 1, close).trim();
    const end = endOfParams(header, close + 1);
    for (const rel of relations(header.slice(close + 1, end))) {
      // The first link for a relation wins, as RFC 8288 suggests for duplicates.
      if (!(rel in links)) links[rel] = target;
    }
    i = end + 1;
  }
  return links;
}

/** Index of the comma that ends this link's parameters (or the header's end), skipping quoted text. */
function endOfParams(header: string, from: number): number {
  let quoted = false;
  for (let i = from; i < header.length; i += 1) {
    const c = header[i];
    if (c === '\\' && quoted) i += 1;
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) return i;
  }
  return header.length;
}

/** The lower-cased relation types of one link's `;`-separated parameters. */
function relations(params: string): string[] {
  const match = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(params);
  if (!match) return [];
  const value = match[1] ?? match[2];
  return value
    .split(/\s+/)
    .filter(Boolean)
    .map((rel) => rel.toLowerCase());
}
