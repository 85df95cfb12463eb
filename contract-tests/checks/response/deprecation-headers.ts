import type { ResponseCheck, ResponseFinding } from '../../engine/response-check.ts';

/**
 * For an operation the spec marks deprecated: a `Sunset` header (RFC 8594), whenever sent, names the
 * spec's removal date (`x-sunset`); a `Deprecation` header (RFC 9745), when sent, names `x-deprecation-date`
 * if the spec gives one. On success responses, absent Deprecation/Sunset/Link are recommendations.
 */
export const deprecationHeaders: ResponseCheck = ({ operation, response }) => {
  if (!operation.deprecated) return [];
  const findings: ResponseFinding[] = [];
  const sunset = response.headers.sunset;
  if (sunset !== undefined && operation.sunset) {
    const date = Date.parse(sunset);
    if (Number.isNaN(date) || !/GMT$/.test(sunset.trim())) {
      findings.push({ title: 'InvalidSunsetHeader', message: 'Sunset is not an HTTP-date (RFC 8594 §3, RFC 9110 §5.6.7).', expected: httpDate(operation.sunset), actual: sunset });
    } else if (new Date(date).toISOString().slice(0, 10) !== operation.sunset) {
      findings.push({ title: 'WrongSunsetDate', message: `Sunset names another date than the spec's removal date ${operation.sunset}.`, expected: httpDate(operation.sunset), actual: sunset });
    }
  }
  const deprecation = response.headers.deprecation;
  const announced = operation.source['x-deprecation-date'];
  if (deprecation !== undefined && typeof announced === 'string') {
    const match = /^@(-?\d+)$/.exec(deprecation.trim());
    const expected = `@${Date.parse(`${announced}T00:00:00Z`) / 1000}`;
    if (!match) findings.push({ severity: 'warning', title: 'UnrecognisedDeprecationHeader', message: 'Deprecation is not an RFC 9745 date (@<epoch seconds>).', expected, actual: deprecation });
    else if (new Date(Number(match[1]) * 1000).toISOString().slice(0, 10) !== announced) {
      findings.push({ title: 'WrongDeprecationDate', message: `Deprecation names another date than the spec's ${announced}.`, expected, actual: deprecation });
    }
  }
  if (response.status >= 200 && response.status < 300) {
    for (const [name, title] of [['Deprecation', 'MissingDeprecationHeader'], ['Sunset', 'MissingSunsetHeader'], ['Link', 'MissingLinkHeader']] as const) {
      if (response.headers[name.toLowerCase()] === undefined) {
        findings.push({
          severity: 'warning',
          title,
          message: `${operation.operationId} is deprecated but its ${response.status} response has no ${name} header.`,
          expected: name === 'Sunset' && operation.sunset ? `Sunset: ${httpDate(operation.sunset)}` : `${name} header`,
          actual: 'absent',
        });
      }
    }
    const link = response.headers.link;
    if (link !== undefined && !/rel="?[^"]*successor-version/.test(link)) {
      findings.push({ severity: 'warning', title: 'LinkWithoutSuccessor', message: 'Link does not point to the replacement with rel="successor-version".', expected: 'rel="successor-version"', actual: link });
    }
  }
  return findings;
};

function httpDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toUTCString();
}
