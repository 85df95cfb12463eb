// acceptVariants on observed traffic. The seed: every response is JSON. A request whose Accept admits
// application/json (`*/*`, `application/*`, a list that names it; RFC 9110 §12.5.1) can be answered, so a
// 406 Not Acceptable to it is content negotiation by string equality, not a refusal the request earned:
// ValidRequestRejected. Other refusals may have other causes, which one exchange cannot rule out.
import { clip } from '../../checks/scenarios/scenario-helpers.ts';
import type { ExchangeRule } from './rule-context.ts';

export const acceptRule: ExchangeRule = {
  check: 'acceptVariants',
  judge({ operation, request, response }, ctx) {
    const accept = request.headers.accept;
    if (response.status !== 406 || accept === undefined || !admitsJson(accept)) return;
    ctx.fail({
      title: 'ValidRequestRejected',
      message: `${operation.operationId} with Accept: ${accept.slice(0, 120)}, which admits application/json: got 406.`,
      expected: 'a JSON answer (the request admits application/json)',
      actual: `${response.status} ${clip(response.text)}`,
      exchange: response.index,
    });
  },
};

/** Whether an Accept value has a media range matching application/json with a weight above 0. */
export function admitsJson(accept: string): boolean {
  return accept.split(',').some((range) => {
    const [type, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type !== '*/*' && type !== 'application/*' && type !== 'application/json') return false;
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return weight === undefined || Number(weight.slice(2)) > 0;
  });
}
