/** Why a run could not start: bad usage, an unreadable spec, or a target that does not answer (exit code 2). */
export class ConformanceError extends Error {
  constructor(
    readonly kind: 'usage' | 'spec' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'ConformanceError';
  }
}
