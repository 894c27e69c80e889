/** Small JSON helpers shared by the decoders, the batch codec and the HTTP layer. */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON.parse that reports failure as `undefined` instead of throwing (JSON itself has no undefined). */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
