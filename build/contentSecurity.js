/*
 * Build-time checks of where the add-in may connect: the build's service URL by the runtime's own rule
 * (src/service/baseUrl.ts, loaded as TypeScript through tsx), the task pane page's
 * Content-Security-Policy built from the same loopback list the runtime accepts, and the origins the
 * dev server answers CORS to.
 */
/** A TypeScript module: as is where a loader already compiles it (jest), through tsx under webpack-cli. */
function requireTypeScript(file) {
  try {
    return require(file);
  } catch {
    return require('tsx/cjs/api').require(file, __filename);
  }
}

const { SERVICE_LOOPBACK_HOSTNAMES, normalizeBaseUrl } = requireTypeScript('../src/service/baseUrl.ts');

/** office.js and the scripts it loads itself all live under this CDN folder. */
const OFFICE_JS_FOLDER = 'https://appsforoffice.microsoft.com/lib/1/hosted/';
/** The provider's production service, which the pane offers as a choice in every build. */
const PRODUCTION_SERVICE = 'https://api.ditchcarbon.com';

/**
 * The build's service URL normalised as the runtime normalises it, or '' when none is given. A URL the
 * runtime would refuse fails the build (it would be baked in, then silently replaced by the sandbox).
 * The value itself is not repeated: it may hold a password.
 */
function buildServiceUrl(value) {
  if (!value) return '';
  try {
    return normalizeBaseUrl(value);
  } catch (error) {
    // eslint-disable-next-line preserve-caught-error -- the cause's message quotes the value this hides
    throw new Error(`serviceUrl / CLIMATE_BASE_URL is refused: ${error.message.replace(value, '(the given value)')}`);
  }
}

/**
 * The origins Office runs add-in pages under: Office on the web frames them inside its own frame
 * (`*.officeapps.live.com`) inside the page the workbook was opened from (OneDrive, SharePoint,
 * office.com, microsoft365.com, cloud.microsoft). The dev server answers CORS to these only (it serves
 * this computer's sources); production hosting answers every origin (build/hosting.js says why).
 */
const OFFICE_ORIGINS = [
  'https://*.officeapps.live.com',
  'https://onedrive.live.com',
  'https://*.office.com',
  'https://*.office365.com',
  'https://*.microsoft365.com',
  'https://*.cloud.microsoft',
  'https://*.sharepoint.com',
];

/** Whether an Origin header names one of OFFICE_ORIGINS (`https://excel.officeapps.live.com`). */
function isOfficeOrigin(origin) {
  let url;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.origin !== origin) return false;
  return OFFICE_ORIGINS.some((pattern) =>
    pattern.startsWith('https://*.') ? url.hostname.endsWith(pattern.slice('https://*'.length)) : pattern === origin,
  );
}

/**
 * The page's policy. A sandbox-default build (no service URL) may reach every loopback form the
 * runtime accepts, over http and https, on any port; a production build reaches only its service
 * (and the provider's), never this computer.
 */
function contentSecurityPolicy(serviceUrl) {
  const loopback = serviceUrl
    ? []
    : SERVICE_LOOPBACK_HOSTNAMES.flatMap((host) => [`http://${host}:*`, `https://${host}:*`]);
  const services = [...new Set([PRODUCTION_SERVICE, ...(serviceUrl ? [new URL(serviceUrl).origin] : [])])];
  return [
    "default-src 'none'",
    `script-src 'self' ${OFFICE_JS_FOLDER}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    // office.js checks an Office on the web host it does not recognise in a hidden frame of its own
    // folder (AgaveErrorUX, @microsoft/office-js's excel-web-16.00.js); closed, Office.onReady never resolves.
    `frame-src ${OFFICE_JS_FOLDER}`,
    ['connect-src', "'self'", ...loopback, ...services].join(' '),
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}

module.exports = {
  buildServiceUrl,
  contentSecurityPolicy,
  isOfficeOrigin,
  OFFICE_JS_FOLDER,
  OFFICE_ORIGINS,
};
