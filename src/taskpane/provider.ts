import { PROVIDER_LOGO_PATH } from '../functions/providerLogo';
import { PROVIDER_DESCRIPTION } from '../functions/results';

/**
 * The data provider as the pane and the sheet name it (the same words and logo as the cells' cards).
 * The licence asks for the provider's logo next to every displayed score or flag and a link from each
 * score to its public profile.
 */
export const PROVIDER = {
  name: 'DitchCarbon',
  site: 'https://ditchcarbon.com',
  /** Production base URL of the service (the one-click preset of the Connection section). */
  productionBaseUrl: 'https://api.ditchcarbon.com',
  /** The logo, served from the add-in's own assets (never hot-linked): SVG in the pane, PNG on sheets. */
  logoSvg: 'assets/logo-provider.svg',
  logoPng: PROVIDER_LOGO_PATH,
  sourceLine: PROVIDER_DESCRIPTION,
} as const;
