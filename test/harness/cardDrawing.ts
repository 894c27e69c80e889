/**
 * The harness's drawing of an entity as Excel shows it: the grid cell (the compact icon and the text)
 * and the card (title, sub-title, sections of label and value, sub-labels, the provider's logo linking
 * to its target, its description as the logo's tooltip). Plain HTML from the entity's JSON, every text
 * escaped; what the pictures in docs/ are taken from.
 *
 * A card without sections is Excel's default card: every property not excluded from card view, in
 * alphabetical order, under the value's text. Microsoft's page on basic values with properties
 * (excel-data-types-add-properties-to-basic-cell-values: "use a default data type card") shows it so:
 * properties given as Food, Drinks, Tax, Tip are listed Drinks, Food, Tax, Tip, and a nested entity's
 * Power Consumption, Charging as Charging, Power Consumption, under the text "Laptop".
 */
import { errorLiteral } from '../stand-ins/cellOutcome';

type Json = Record<string, unknown>;

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A serial date shown with its format: `yyyy-mm-dd` (the card's As of) or `yyyy-mm-dd hh:mm`. */
function dateText(serial: number, format: unknown): string {
  const date = new Date(Math.round((serial - 25_569) * 86_400_000));
  return date
    .toISOString()
    .slice(0, format === 'yyyy-mm-dd' ? 10 : 16)
    .replace('T', ' ');
}

/** A property's value as the card shows it. */
export function shownValue(property: Json): string {
  if (property.type === 'Error') return errorLiteral(property.errorType);
  if (property.type === 'Boolean') return property.basicValue ? 'TRUE' : 'FALSE';
  if (property.type === 'FormattedNumber' && typeof property.basicValue === 'number')
    return dateText(property.basicValue, property.numberFormat);
  if (property.type === 'Entity') return String(property.text ?? '');
  return String(property.basicValue ?? '');
}

const STYLE = `
  body { font: 13px 'Segoe UI', 'DejaVu Sans', sans-serif; margin: 16px; background: #f3f3f3; color: #242424; }
  .cell { display: inline-flex; gap: 6px; align-items: center; border: 2px solid #107c41; background: #fff;
    padding: 2px 8px; width: 260px; margin-bottom: 8px; }
  .icon { width: 14px; height: 14px; border: 1px solid #616161; border-radius: 2px; font-size: 9px;
    display: inline-flex; align-items: center; justify-content: center; }
  .card { width: 340px; background: #fff; border-radius: 6px; box-shadow: 0 2px 8px rgba(0,0,0,.18); padding: 14px 16px; }
  h1 { font-size: 18px; margin: 0; } .subtitle { color: #616161; margin: 2px 0 10px; }
  h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: #616161; margin: 12px 0 4px; }
  dl { display: grid; grid-template-columns: 150px 1fr; margin: 0; row-gap: 3px; }
  dt { color: #424242; } dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  .sub { display: block; font-weight: 400; color: #8a8a8a; font-size: 11px; }
  footer { margin-top: 12px; border-top: 1px solid #e0e0e0; padding-top: 8px; }
  footer img { height: 22px; vertical-align: middle; }`;

/** Excel's default card: one untitled list of the properties shown in card view, alphabetically. */
function defaultCard(properties: Record<string, Json>): Json[] {
  const shown = Object.keys(properties).filter((name) => {
    const excluded = (properties[name].propertyMetadata as Json | undefined)?.excludeFrom as Json | undefined;
    return excluded?.cardView !== true;
  });
  return [{ layout: 'List', properties: shown.sort((a, b) => a.localeCompare(b, 'en')) }];
}

/** A page drawing the grid cell and the card of `entity`. */
export function drawCard(entity: Json): string {
  const properties = (entity.properties ?? {}) as Record<string, Json>;
  const card = ((entity.layouts ?? {}) as Json).card as Json | undefined;
  const subtitleProperty = (card?.subTitle as Json | undefined)?.property;
  const subtitle = typeof subtitleProperty === 'string' ? properties[subtitleProperty] : undefined;
  const row = (name: string): string => {
    const property = properties[name] ?? {};
    const sublabel = (property.propertyMetadata as Json | undefined)?.sublabel;
    const sub = typeof sublabel === 'string' ? `<span class="sub">${escape(sublabel)}</span>` : '';
    return `<dt>${escape(name)}</dt><dd>${escape(shownValue(property))}${sub}</dd>`;
  };
  const sections = ((card?.sections ?? defaultCard(properties)) as Json[]).map((section) => {
    const rows = ((section.properties ?? []) as string[]).map(row);
    const title = typeof section.title === 'string' ? `<h2>${escape(section.title)}</h2>` : '';
    return `<section>${title}<dl>${rows.join('')}</dl></section>`;
  });
  const provider = (entity.provider ?? {}) as Json;
  const description = escape(String(provider.description ?? ''));
  const logo =
    typeof provider.logoSourceAddress === 'string'
      ? `<img src="${escape(provider.logoSourceAddress)}" alt="${description}" title="${description}">`
      : description;
  const footer =
    typeof provider.logoTargetAddress === 'string'
      ? `<a href="${escape(provider.logoTargetAddress)}">${logo}</a>`
      : logo;
  const title = typeof card?.title === 'string' ? card.title : String(entity.text ?? '');
  return `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body>
<div class="cell"><span class="icon" aria-label="card">▦</span><span>${escape(String(entity.text ?? ''))}</span></div>
<article class="card"><h1>${escape(title)}</h1>${subtitle ? `<p class="subtitle">${escape(shownValue(subtitle))}</p>` : ''}
${sections.join('\n')}<footer>${footer}</footer></article></body></html>`;
}
