// jsonMediaTypes on observed traffic. Media types are case-insensitive and may carry parameters (RFC 9110
// §8.3.1): `application/json; charset=utf-8` and `Application/JSON` are application/json. So a request
// whose body and parameters keep the interface, labelled JSON in another spelling, refused with 415 (the
// media type) or 400 (the body, which is valid), was refused for the spelling: JsonMediaTypeRefused. Other
// refusals (401, 403, 404…) may have other causes, which one exchange cannot rule out. The finding is
// json-media-types.ts's own (jsonMediaTypeRefused).
import { jsonMediaTypeRefused } from '../../checks/scenarios/json-media-types.ts';
import { takesJson } from '../../checks/scenarios/scenario-helpers.ts';
import type { ExchangeRule } from './rule-context.ts';

export const jsonMediaTypeRule: ExchangeRule = {
  check: 'jsonMediaTypes',
  judge({ operation, request, faults, response }, ctx) {
    const label = request.headers['content-type'];
    if ((response.status !== 415 && response.status !== 400) || label === undefined || label === 'application/json')
      return;
    if (!takesJson(operation)) return;
    if (label.split(';')[0].trim().toLowerCase() !== 'application/json') return;
    if (faults.validBody === undefined || faults.parameters.length > 0) return;
    ctx.fail({ ...jsonMediaTypeRefused(label, response), exchange: response.index });
  },
};
