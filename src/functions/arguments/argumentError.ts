/**
 * An argument the function cannot use: the cell shows #VALUE! with this message and nothing is sent
 * to the service. The message names the problem and, where it helps, what to write instead.
 */
export class ArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArgumentError';
  }
}
