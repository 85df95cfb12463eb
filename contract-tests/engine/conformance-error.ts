import type { Report } from '../types.ts';

/**
 * Why a run could not start or go on, or judged nothing (exit code 2): bad usage, an unreadable spec, a
 * target that does not answer, a base URL that lacks the API's server path (`base-url`: the target serves
 * the API under it), one that kept rate limiting past the retry budget, or one that refused the key on
 * every request (`key-refused`: then `report` holds what was seen, for a closer look).
 */
export class ConformanceError extends Error {
  constructor(
    readonly kind: 'usage' | 'spec' | 'unreachable' | 'base-url' | 'throttled' | 'key-refused',
    message: string,
    /** The report of a run that went to its end but judged nothing (`key-refused`), the key redacted. */
    readonly report?: Report,
  ) {
    super(message);
    this.name = 'ConformanceError';
  }
}
