/** The service client's public surface, safe for browser bundles (nodeFetch.ts is deliberately not here). */
export { ClimateClient, type CallOptions, type ClientOptions, type FetchLike } from './client';
export { decodeBatch, encodeBatch, BATCH_CONTENT_TYPE } from './batchCodec';
export { isLoopbackHost, normalizeBaseUrl } from './baseUrl';
export { DEFAULT_TIMEOUT_MS, type FetchInit, type FetchResponseLike } from './http';
export { parseLinkHeader } from './linkHeader';
export { MAX_PAGES } from './pagination';
export {
  decodeIndustry,
  decodeOrganization,
  decodeProject,
  decodeRecommendedActions,
  decodeSbtiChange,
  decodeSbtiCompany,
} from './records';
export { errorFromResponse, parseRetryAfter } from './responseErrors';
export * from './errors';
export * from './types';
