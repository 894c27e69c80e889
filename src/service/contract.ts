/**
 * Facts the add-in and its tools (tools/sandbox, tools/dev) both rely on, defined once in shipping code:
 * the add-in states them, the tools import them, so the two cannot drift apart.
 */

/**
 * Most requests one `POST /batch` may hold. The service does not document one; the sandbox refuses more
 * than this with 413 (its `maxBatch` knob's default), and the batch-size setting never exceeds it.
 */
export const MAX_BATCH_ITEMS = 100;

/** Where the sandbox listens unless told otherwise: this machine only. */
export const SANDBOX_HOST = '127.0.0.1';
export const SANDBOX_PORT = 4010;
/** The sandbox's address as the add-in's settings hold it (no trailing slash). */
export const SANDBOX_BASE_URL = `http://${SANDBOX_HOST}:${SANDBOX_PORT}`;

/** The sandbox's public demo project key (the sandbox opens every call to it); never a real credential. */
export const SANDBOX_DEMO_KEY = 'sandbox-project-key';
