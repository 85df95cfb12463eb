import type { HeaderObject } from '../../../src/openapi/openapi-document.ts';
import type { ResponseCheck, ResponseFinding } from '../../engine/response-check.ts';
import { declaredFor } from '../../model/declared-response.ts';
import { pointerToken } from '../../model/kit-extensions.ts';
import { allowMissing, dateHeader, sharedCacheable } from '../http-requirements.ts';

/** Headers the deprecation check owns for deprecated operations. */
const DEPRECATION_HEADERS = new Set(['deprecation', 'sunset', 'link']);

/**
 * Headers declared for the response, and those HTTP requires of any server (a 401's challenge, a 405's Allow,
 * a 2xx–4xx's Date). One the interface declares: absent → a recommendation (OpenAPI
 * response headers are optional unless `required`), present → its schema holds. One only the overlay
 * declares (`Location`): absent or off-schema departs from that choice. A 401 carries a challenge (RFC 9110
 * §15.5.2, binding whatever the documents say) that names the interface's scheme (RFC 9110 §11.6.1: it tells
 * the client how to authenticate).
 */
export const responseHeaderConformance: ResponseCheck = ({ model, operation, request, response }) => {
  const findings: ResponseFinding[] = [];
  const { base, full } = declaredFor(model, operation, response.status);
  const declared: Record<string, HeaderObject> = { ...full?.response.headers, ...base?.response.headers };
  for (const [name, header] of Object.entries(declared)) {
    if (operation.deprecated && DEPRECATION_HEADERS.has(name.toLowerCase())) continue;
    // A 401's challenge is HTTP's rule, judged below whatever the documents declare.
    if (response.status === 401 && name.toLowerCase() === 'www-authenticate') continue;
    const ofInterface = base?.response.headers[name] !== undefined;
    const choice = ofInterface
      ? undefined
      : (model.choiceFor(`${full!.response.pointer}/headers/${pointerToken(name)}`) ??
        model.choiceFor(`${operation.pointer}/responses/${pointerToken(full!.key)}`));
    const value = response.headers[name.toLowerCase()];
    if (value === undefined) {
      const message = `The ${response.status} response of ${operation.operationId} has no ${name} header, which ${ofInterface ? 'the interface' : "petstore-kit's choice"} declares.`;
      findings.push({
        severity: ofInterface && (header as { required?: boolean }).required ? 'error' : 'warning',
        title: 'MissingDeclaredHeader',
        message,
        expected: `${name} header`,
        actual: 'absent',
        ...(choice ? { choice } : {}),
      });
    } else if (header.schema && !(ofInterface ? model.base.compiler : model.compiler).compile(header.schema)(value)) {
      findings.push({
        severity: ofInterface ? 'error' : 'warning',
        title: 'HeaderSchemaViolation',
        message: `${name} does not match its schema.`,
        expected: JSON.stringify(header.schema),
        actual: value,
        ...(choice ? { choice } : {}),
      });
    }
  }
  // HTTP itself again: a 405 names the methods the resource supports (RFC 9110 §15.5.6).
  const methods = model.operations
    .filter((other) => other.path === operation.path && other.ownServer === operation.ownServer)
    .map((other) => other.method);
  const noAllow = allowMissing(response, operation.operationId, methods);
  if (noAllow) findings.push(noAllow);
  // And every 2xx–4xx says when it was made (RFC 9110 §6.6.1).
  const date = dateHeader(response, operation.operationId);
  if (date) findings.push(date);
  // A secured operation's answer kept out of shared caches, or kept apart per credential.
  const secured = operation.security.some((requirement) => Object.keys(requirement).length > 0);
  const shared = secured ? sharedCacheable(request, response, operation.operationId) : undefined;
  if (shared) findings.push(shared);
  const challenge = response.headers['www-authenticate'];
  if (response.status === 401 && challenge === undefined) {
    // HTTP itself, binding on any deployment: "The server generating a 401 response MUST send a
    // WWW-Authenticate header field containing at least one challenge" (RFC 9110 §15.5.2), and the bearer
    // scheme the seed names answers a missing or invalid token with one (RFC 6750 §3).
    findings.push({
      title: 'MissingAuthChallenge',
      message: `The 401 of ${operation.operationId} carries no WWW-Authenticate challenge, which RFC 9110 §15.5.2 requires of every 401 (RFC 6750 §3: \`Bearer\` for the bearer scheme).`,
      expected: 'WWW-Authenticate: Bearer …',
      actual: 'absent',
    });
  } else if (response.status === 401 && challenge !== undefined) {
    const schemes = expectedSchemes(model.base.document, operation.security);
    if (schemes.length && !challengedSchemes(challenge).some((scheme) => schemes.includes(scheme))) {
      findings.push({
        title: 'WrongAuthChallenge',
        message: `The 401 challenge of ${operation.operationId} names another scheme than the interface's.`,
        expected: `WWW-Authenticate: ${schemes.map(capitalise).join(' or ')} …`,
        actual: `WWW-Authenticate: ${challenge}`,
      });
    }
  }
  return findings;
};

/** The auth schemes a WWW-Authenticate value challenges with (RFC 9110 §11.6.1: `scheme [params]`, comma-separated). */
function challengedSchemes(value: string): string[] {
  return [...value.matchAll(/(?:^|,)\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?=\s|,|$)/g)].map((match) =>
    match[1].toLowerCase(),
  );
}

function expectedSchemes(
  document: Parameters<ResponseCheck>[0]['model']['document'],
  security: Record<string, string[]>[],
): string[] {
  const schemes = document.components?.securitySchemes ?? {};
  return security
    .flatMap((requirement) => Object.keys(requirement))
    .flatMap((name) => {
      const scheme = schemes[name];
      return scheme?.type === 'http' && scheme.scheme ? [scheme.scheme.toLowerCase()] : [];
    });
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
