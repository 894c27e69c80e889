/**
 * The client's transport in Node: undici's fetch. Only Node entry points (tests, benchmarks, the dev
 * tools) import this file; browser code uses the page's own fetch and must never pull undici in.
 */
import { fetch } from 'undici';
import type { FetchLike } from './http';

export const nodeFetch: FetchLike = fetch;
