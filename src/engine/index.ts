/** The request engine's public face: everything outside src/engine imports the engine from here. */
export { createEngine } from './engine';
export type { Engine, EngineDeps, EngineEvent, EngineStats, OrganizationOutcome } from './types';
export { EngineError, ENGINE_ERROR_KINDS, isEngineError, SET_KEY_ADVICE } from './errors';
export type { EngineErrorKind } from './errors';
export type { CallContext, CancelSignal } from './calls/flight';
export { identify } from './calls/identity';
export { MEMORY_ENTRIES } from './cache/persistence';
export type { OrganizationQuery } from './calls/identity';
export type { RefreshFailure, RefreshReport } from './calls/refresh';
