// The mock's door: src/shared/request-guard.ts decides what a development server refuses (DNS rebinding,
// absolute targets naming another host, other pages' calls to the admin API: issue 20), and this turns a
// refusal into the mock's Error body, before the request reaches the store.
import type { IncomingMessage } from 'node:http';
import { errorResponse } from '../core/errors.ts';
import type { CoreResponse } from '../core/index.ts';
import { createRequestGuard as createGuard, type GuardOptions } from '../shared/request-guard.ts';

export type RequestGuard = (req: IncomingMessage) => CoreResponse | undefined;

/** Returns the refusal for a request the server must not answer, else undefined. */
export function createRequestGuard(options: Omit<GuardOptions, 'proxyPort'>): RequestGuard {
  const guard = createGuard(options);
  return (req) => {
    const { refusal } = guard(req);
    return (
      refusal && errorResponse(refusal.code as 'HOST_NOT_ALLOWED' | 'ORIGIN_NOT_ALLOWED', { message: refusal.message })
    );
  };
}
