/** The request engine's public face: everything outside src/engine imports the engine from here. */
export { createEngine } from './engine';
export type * from './types';
export { EngineError, isEngineError } from './errors';
export { ENGINE_ERROR_KINDS } from './types';
export { identify } from './calls/identity';
export { MEMORY_ENTRIES } from './cache/persistence';
