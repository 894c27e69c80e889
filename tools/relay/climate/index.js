// @ts-check
/**
 * The relay as an Azure Functions HTTP function (the function.json programming model, which Azure
 * Static Web Apps' managed functions run): `/api/climate/<service path>` forwarded to the service named
 * by the CLIMATE_SERVICE_URL application setting (default: the provider's production service).
 * docs/hosting.md says how to deploy it beside dist/.
 */
'use strict';

const { relay } = require('../relay');

const SERVICE_URL = (process.env.CLIMATE_SERVICE_URL || 'https://api.ditchcarbon.com').replace(/\/+$/, '');
const PREFIX = '/api/climate';

/**
 * @param {{ res?: unknown }} context
 * @param {{ method: string; url: string; headers: Record<string, string>; rawBody?: string }} req
 */
module.exports = async function climateRelay(context, req) {
  const url = new URL(req.url);
  const answer = await relay(
    {
      method: req.method.toUpperCase(),
      path: url.pathname.startsWith(`${PREFIX}/`) ? url.pathname.slice(PREFIX.length) : url.pathname,
      search: url.search,
      headers: req.headers,
      body: req.rawBody,
    },
    { serviceUrl: SERVICE_URL, prefix: PREFIX },
  );
  context.res = { status: answer.status, headers: answer.headers, body: answer.body, isRaw: true };
};
