// chunkedRequestBodies on observed traffic. A request whose body came with `Transfer-Encoding: chunked`, a
// body that keeps the interface and parameters that do, refused with 400 (the body, which is valid) was
// refused for its framing: a server that reads only Content-Length saw no body (RFC 9112 §7.1). 411 asks for a
// length, which HTTP allows; other refusals (401, 403, 404…) may have other causes one exchange cannot rule
// out. The finding is chunked-request-bodies.ts's own (chunkedBodyRefused).
import { chunkedBodyRefused } from '../../checks/scenarios/chunked-request-bodies.ts';
import type { ExchangeRule } from './rule-context.ts';

export const chunkedRule: ExchangeRule = {
  check: 'chunkedRequestBodies',
  judge({ operation, request, faults, response }, ctx) {
    if (response.status !== 400 || !/\bchunked\s*$/i.test(request.headers['transfer-encoding'] ?? '')) return;
    if (faults.validBody === undefined || faults.parameters.length > 0) return;
    const refused = chunkedBodyRefused(operation, response);
    if (refused) ctx.fail({ ...refused, exchange: response.index });
  },
};
