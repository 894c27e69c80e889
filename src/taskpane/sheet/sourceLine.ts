/**
 * The provider's attribution in the grid: the source line (a link to the provider's site) in a cell,
 * and the logo image floating over the cell beside it. Excel draws a data type's logo only inside its
 * card, so every block of scores the pane writes or checks gets this line; the summary sheet too.
 */
import { PROVIDER } from '../../provider';
import { literal } from './formulas';
import { t } from '../../i18n/translate';

/** The source line every attribution writes: the provider's words, linking to its site. */
export const SOURCE_LINE_FORMULA = `=HYPERLINK(${literal(PROVIDER.site)},${literal(PROVIDER.sourceLine)})`;

/** `=HYPERLINK("link","name")` with both as text: a link and the name it shows. */
const HYPERLINK = /^=\s*HYPERLINK\(\s*"((?:[^"]|"")*)"\s*,\s*"((?:[^"]|"")*)"\s*\)\s*$/i;
const PROVIDER_HOST = new URL(PROVIDER.site).hostname;

/** An https address on the provider's own site (its host or a subdomain of it), without a user name. */
function onProviderSite(link: string): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const ownHost = host === PROVIDER_HOST || host.endsWith(`.${PROVIDER_HOST}`);
  return url.protocol === 'https:' && ownHost && url.username === '' && url.password === '';
}

/**
 * A cell shows the source line: text holding the provider's words as typed (no link), or a formula
 * that is a link to the provider's own site showing them (the pane's SOURCE_LINE_FORMULA is one). The
 * words linking anywhere else (`=HYPERLINK("https://evil.example/login","Climate data by …")`), or
 * any other formula, are not the provider's attribution.
 */
export function showsSourceLine(text: string): boolean {
  const words = PROVIDER.sourceLine.toLowerCase();
  if (!text.startsWith('=')) return text.toLowerCase().includes(words);
  const link = HYPERLINK.exec(text.trim());
  if (!link) return false;
  const [target, name] = [link[1], link[2]].map((part) => part.replace(/""/g, '"'));
  return name.toLowerCase().includes(words) && onProviderSite(target);
}

/** The name of the logo image on a sheet: how a refresh finds its own. */
export const LOGO_NAME = `${PROVIDER.name} logo`;

export interface AttributionCell {
  row: number;
  /** Column of the logo image, null when the host cannot place one. */
  logoColumn: number | null;
  textColumn: number;
  formula: string;
}

/** Floats the logo over a cell (its height, a pixel in from the corner). */
export async function addLogo(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  at: { row: number; column: number },
  logoBase64: string,
): Promise<void> {
  const cell = sheet.getRangeByIndexes(at.row, at.column, 1, 1);
  cell.load(['left', 'top', 'height']);
  await context.sync();
  const image = sheet.shapes.addImage(logoBase64);
  image.name = LOGO_NAME;
  image.altTextDescription = t('sheet.logoAlt', { source: PROVIDER.sourceLine });
  image.lockAspectRatio = true;
  image.height = Math.max(12, cell.height - 2);
  image.left = cell.left + 1;
  image.top = cell.top + 1;
}

/** The source line in its cell and, when there is a logo column and an image, the logo floating over it. */
export async function writeSourceLine(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  place: AttributionCell,
  logoBase64: string | null,
): Promise<void> {
  sheet.getRangeByIndexes(place.row, place.textColumn, 1, 1).formulas = [[place.formula]];
  if (place.logoColumn !== null && logoBase64)
    await addLogo(context, sheet, { row: place.row, column: place.logoColumn }, logoBase64);
  await context.sync();
}
