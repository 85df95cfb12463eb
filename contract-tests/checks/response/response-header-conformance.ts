import type { ResponseCheck, ResponseFinding } from '../../engine/response-check.ts';
import { declaredResponse } from '../../model/declared-response.ts';

/** Headers the deprecation check owns for deprecated operations. */
const DEPRECATION_HEADERS = new Set(['deprecation', 'sunset', 'link']);

/**
 * Headers the spec declares for the response: absent → recommendation (OpenAPI response headers are
 * optional unless `required`); present → the value matches the header's schema. A 401's challenge
 * names the operation's security scheme (RFC 9110 §11.6.1).
 */
export const responseHeaderConformance: ResponseCheck = ({ model, operation, response }) => {
  const findings: ResponseFinding[] = [];
  const declared = declaredResponse(model, operation, response.status);
  for (const [name, header] of Object.entries(declared?.headers ?? {})) {
    if (operation.deprecated && DEPRECATION_HEADERS.has(name.toLowerCase())) continue;
    const value = response.headers[name.toLowerCase()];
    if (value === undefined) {
      findings.push({
        severity: (header as { required?: boolean }).required ? 'error' : 'warning',
        title: 'MissingDeclaredHeader',
        message: `The ${response.status} response of ${operation.operationId} has no ${name} header, which the spec declares.`,
        expected: `${name} header`,
        actual: 'absent',
      });
    } else if (header.schema && !model.compiler.compile(header.schema)(value)) {
      findings.push({ title: 'HeaderSchemaViolation', message: `${name} does not match its schema.`, expected: JSON.stringify(header.schema), actual: value });
    }
  }
  const challenge = response.headers['www-authenticate'];
  if (response.status === 401 && challenge !== undefined) {
    const schemes = expectedSchemes(model.document, operation.security);
    const sent = challenge.trim().split(/[\s,]/)[0].toLowerCase();
    if (schemes.length && !schemes.includes(sent)) {
      findings.push({
        title: 'WrongAuthChallenge',
        message: `The 401 challenge of ${operation.operationId} names another scheme than the spec's.`,
        expected: `WWW-Authenticate: ${schemes.map(capitalise).join(' or ')} …`,
        actual: `WWW-Authenticate: ${challenge}`,
      });
    }
  }
  return findings;
};

function expectedSchemes(document: Parameters<ResponseCheck>[0]['model']['document'], security: Record<string, string[]>[]): string[] {
  const schemes = document.components?.securitySchemes ?? {};
  return security.flatMap((requirement) => Object.keys(requirement)).flatMap((name) => {
    const scheme = schemes[name];
    return scheme?.type === 'http' && scheme.scheme ? [scheme.scheme.toLowerCase()] : [];
  });
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
