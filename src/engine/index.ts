/** The request engine's public face: what the functions and the task pane use. */
export { createEngine } from './engine';
export type { Engine, EngineDeps, EngineEvent, EngineStats, OrganizationOutcome } from './engine';
export { EngineError, ENGINE_ERROR_KINDS, SET_KEY_ADVICE } from './errors';
export type { EngineErrorKind } from './errors';
export type { CallContext } from './flight';
export { identify } from './identity';
export type { OrganizationQuery } from './identity';
