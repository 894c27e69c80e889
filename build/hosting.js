// @ts-check
/**
 * What the static host of dist/ must send with every file, defined once, and the files in which common
 * hosts read it: `staticwebapp.config.json` (Azure Static Web Apps) and `_headers` (Netlify, Cloudflare
 * Pages). The production build writes both into dist/ (HostingFilesPlugin); docs/hosting.md says how
 * to deploy them.
 */
'use strict';

const { emitFiles } = require('./emitFiles');
const { contentSecurityPolicy } = require('./contentSecurity');

/**
 * Every file of dist/ gets the same headers:
 * - the page's policy as a header (the meta tag covers taskpane.html only; the help and support pages
 *   get it from here). No `frame-ancestors`: Microsoft publishes no list of the origins that frame
 *   add-ins (Office on the web, Teams, Outlook, SharePoint, sovereign clouds, Office Online Server on a
 *   customer's own domain), and a list that misses one leaves a blank pane and functions that never
 *   register there (docs/security.md says why framing elsewhere gains an attacker nothing);
 * - `Access-Control-Allow-Origin: *`: Excel on the web fetches functions.json (and may fetch what the
 *   runtime loads) from its own frame, cross-origin, and without CORS the functions never register
 *   (office-js#3970). dist/ holds only public files and the fetches carry no credentials, so `*` lets a
 *   page read nothing it could not download directly; a static host cannot echo an origin back;
 * - `nosniff`, so that no file is read as another type than it is served as.
 * @param {string} serviceUrl the build's service URL, '' for a sandbox-default build
 * @returns {Record<string, string>}
 */
function hostingHeaders(serviceUrl) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(serviceUrl),
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  };
}

/**
 * The files a host reads its headers from, by name, as text.
 * @param {string} serviceUrl
 * @returns {Record<string, string>}
 */
function hostingFiles(serviceUrl) {
  const headers = hostingHeaders(serviceUrl);
  return {
    // Azure Static Web Apps: globalHeaders apply to every static file it serves.
    'staticwebapp.config.json': `${JSON.stringify({ globalHeaders: headers }, null, 2)}\n`,
    // Netlify and Cloudflare Pages: a path pattern, then its headers indented below it.
    _headers: ['/*', ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ''].join('\n'),
  };
}

const PLUGIN = 'HostingFilesPlugin';

/** Emits hostingFiles() into the build output (production builds: what gets deployed). */
class HostingFilesPlugin {
  /** @param {string} serviceUrl */
  constructor(serviceUrl) {
    this.serviceUrl = serviceUrl;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    emitFiles(compiler, PLUGIN, () => hostingFiles(this.serviceUrl));
  }
}

module.exports = { hostingHeaders, hostingFiles, HostingFilesPlugin };
