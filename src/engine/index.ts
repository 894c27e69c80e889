/** The request engine's public face: everything outside src/engine imports the engine from here. */
export { createEngine } from './engine';
export type { Engine, EngineDeps, EngineEvent, EngineStats, OrganizationOutcome } from './types';
export { EngineError, ENGINE_ERROR_KINDS, isEngineError, SET_KEY_ADVICE } from './errors';
export type { EngineErrorKind } from './errors';
export type { CallContext, CancelSignal } from './flight';
export { identify } from './identity';
export { MEMORY_ENTRIES } from './cacheStore';
export type { OrganizationQuery } from './identity';
export type { RefreshFailure, RefreshReport } from './refreshRun';
