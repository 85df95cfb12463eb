// authRequired and credentialFirst on observed traffic. The seed: "When the key is missing or invalid, then
// the response is 401 with an Error body", whatever else the request gets wrong. The proxy cannot tell a
// valid key from an invalid one, but it can tell a request that carries none (credentials.ts): such a
// request to a secured operation must get 401. Served (a 2xx, or a precondition judged: 304, 412): AuthNotEnforced; 403: UnexpectedStatus, as
// verify's authRequired says; refused for another fault first (400, 404, 415…): CredentialNotJudgedFirst.
// Left to other judges: a redirect or a 5xx (statusCodeConformance), 413/414/431 (a size limit a gateway
// applies before anything else), 408, and 429 (throttling, never a finding). A path value the parameter's
// schema refuses (`/pets/abc`) is left out, as verify's credentialFirst leaves it out: a router may refuse it
// before any operation, and so its credential, is reached.
import type { Operation } from '../../../src/openapi/index-operations.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { interfaceOperation } from '../../model/declared-response.ts';
import { clip } from '../../checks/scenarios/scenario-helpers.ts';
import { servedWithoutCredential } from '../../checks/scenarios/auth-required.ts';
import { describeCredential } from '../credentials.ts';
import type { ExchangeRule } from './rule-context.ts';

/** Answers that come before any credential is looked at, or are no answer to the request at all. */
const BEFORE_THE_CREDENTIAL = new Set([408, 413, 414, 429, 431]);

export const credentialRule: ExchangeRule = {
  check: 'authRequired',
  judge({ model, operation, credential, faults, response }, ctx) {
    if (credential.kind === 'bearer' || !bearerSecured(model, operation)) return;
    if (faults.parameters.some((fault) => fault.in === 'path')) return;
    const { status } = response;
    const redirect = status >= 300 && status < 400 && status !== 304;
    if (status === 401 || status >= 500 || redirect || BEFORE_THE_CREDENTIAL.has(status)) return;
    const what = `${operation.operationId} with ${describeCredential(credential)}`;
    const actual = `${status} ${clip(response.text)}`;
    if (servedWithoutCredential(status))
      ctx.fail({
        title: 'AuthNotEnforced',
        message: `${what} must be refused with 401: got ${status}.`,
        expected: '401',
        actual,
        exchange: response.index,
      });
    else if (status === 403)
      ctx.fail({
        title: 'UnexpectedStatus',
        message: `${what} must be refused with 401 (a missing or invalid credential): got ${status}.`,
        expected: '401',
        actual,
        exchange: response.index,
      });
    else
      ctx.fail({
        check: 'credentialFirst',
        title: 'CredentialNotJudgedFirst',
        message: `${what} must be refused for its credential first: got ${status}, the answer to another fault.`,
        expected: '401',
        actual,
        exchange: response.index,
      });
  },
};

/** Whether every way the interface offers to call the operation needs an HTTP bearer credential. */
export function bearerSecured(model: ApiModel, operation: Operation): boolean {
  const security = interfaceOperation(model, operation).security;
  const schemes = model.base.document.components?.securitySchemes ?? {};
  if (!security.length) return false;
  return security.every((requirement) => {
    const names = Object.keys(requirement);
    return (
      names.length > 0 &&
      names.some((name) => {
        const scheme = schemes[name];
        return scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer';
      })
    );
  });
}
