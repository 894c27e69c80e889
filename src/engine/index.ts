/** The request engine's public face: everything outside src/engine imports the engine from here. */
export { createEngine } from './engine';
export type * from './types';
export { EngineError, ENGINE_ERROR_KINDS, isEngineError, SET_KEY_ADVICE } from './errors';
export { identify } from './calls/identity';
export { MEMORY_ENTRIES } from './cache/persistence';
