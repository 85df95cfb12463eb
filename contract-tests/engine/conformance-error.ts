/**
 * Why a run could not start or go on: bad usage, an unreadable spec, a target that does not answer, or
 * one that kept rate limiting past the retry budget (exit code 2: nothing can be judged).
 */
export class ConformanceError extends Error {
  constructor(
    readonly kind: 'usage' | 'spec' | 'unreachable' | 'throttled',
    message: string,
  ) {
    super(message);
    this.name = 'ConformanceError';
  }
}
