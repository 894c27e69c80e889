/**
 * The data provider's attribution, defined once (src/provider.json, which the build reads too) for the
 * functions' cards, the pane, the sheet's attribution line and the help page. The licence asks for the
 * provider's logo next to every displayed score or flag and a link from each score to its public profile.
 */
import provider from './provider.json';

export const PROVIDER = {
  name: provider.name,
  site: provider.site,
  /** Production base URL of the service (the one-click preset of the Connection section). */
  productionBaseUrl: provider.productionBaseUrl,
  /** The logo, served from the add-in's own assets (never hot-linked): SVG in the pane, PNG on sheets and cards. */
  logoSvg: provider.logoSvg,
  logoPng: provider.logoPng,
  /** The source line: the cards' provider description, the sheet's and the help page's attribution. */
  sourceLine: provider.description,
} as const;
