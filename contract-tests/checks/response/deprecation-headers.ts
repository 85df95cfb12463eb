import type { ResponseCheck, ResponseFinding } from '../../engine/response-check.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { declaredFor } from '../../model/declared-response.ts';
import { DEPRECATION_DATE, pointerToken } from '../../model/kit-extensions.ts';
import type { Operation } from '../../../src/openapi/index-operations.ts';
import { withoutTrailingSlashes } from '../../../src/shared/trailing-slashes.ts';
import type { FindingChoice } from '../../types.ts';

const HEADERS = [
  ['Deprecation', 'MissingDeprecationHeader'],
  ['Sunset', 'MissingSunsetHeader'],
  ['Link', 'MissingLinkHeader'],
] as const;

/**
 * For an operation the interface marks deprecated. The seed: "scheduled for removal on 5 December 2030"
 * (`x-sunset`), so a `Sunset` header (RFC 8594) naming another date contradicts it: a failure. Everything
 * else here is advice or our choice: the seed names no headers and no announcement date, so an absent or
 * malformed Deprecation/Sunset/Link, a Deprecation dated otherwise than our `x-deprecation-date`, or a Link
 * without rel="successor-version" recommends (and departs from our choice where the overlay declares it).
 */
export const deprecationHeaders: ResponseCheck = ({ model, operation, request, response, now }) => {
  if (!operation.deprecated) return notDeprecated(operation.operationId, response.headers);
  const findings: ResponseFinding[] = [];
  const { full } = declaredFor(model, operation, response.status);
  const declaredHere = (name: string) => full?.response.headers[name] !== undefined;
  const headerChoice = (name: string) =>
    full ? model.choiceFor(`${full.response.pointer}/headers/${pointerToken(name)}`) : undefined;
  const sunset = response.headers.sunset;
  if (sunset !== undefined && operation.sunset) {
    const date = Date.parse(sunset);
    const day = Number.isNaN(date) ? undefined : new Date(date).toISOString().slice(0, 10);
    if (day !== undefined && day !== operation.sunset) {
      findings.push({
        title: 'WrongSunsetDate',
        message: `Sunset names another date than the interface's removal date ${operation.sunset}.`,
        expected: httpDate(operation.sunset),
        actual: sunset,
      });
    } else if (day === undefined || !/GMT$/.test(sunset.trim())) {
      findings.push(
        advice(
          'InvalidSunsetHeader',
          'Sunset is not an HTTP-date (RFC 8594 §3, RFC 9110 §5.6.7).',
          httpDate(operation.sunset),
          sunset,
          headerChoice('Sunset'),
        ),
      );
    }
  }
  const deprecation = response.headers.deprecation;
  const notYet = deprecation === undefined ? undefined : deprecationInFuture(operation.operationId, deprecation, now);
  if (notYet) findings.push(notYet);
  else if (deprecation !== undefined)
    findings.push(
      ...deprecationDate(
        model,
        operation.pointer,
        operation.source[DEPRECATION_DATE],
        deprecation,
        headerChoice('Deprecation'),
      ),
    );
  const success = response.status >= 200 && response.status < 300;
  for (const [name, title] of HEADERS) {
    if (response.headers[name.toLowerCase()] !== undefined || !(success || declaredHere(name))) continue;
    const expected = name === 'Sunset' && operation.sunset ? `Sunset: ${httpDate(operation.sunset)}` : `${name} header`;
    findings.push(
      advice(
        title,
        `${operation.operationId} is deprecated but its ${response.status} response has no ${name} header.`,
        expected,
        'absent',
        headerChoice(name),
      ),
    );
  }
  const link = response.headers.link;
  const elsewhere = link === undefined ? undefined : successorElsewhere(model, operation, request.url, link);
  if (elsewhere) findings.push(elsewhere);
  else if (link !== undefined && (success || declaredHere('Link')) && !linksTo(link, 'successor-version')) {
    findings.push(
      advice(
        'LinkWithoutSuccessor',
        'Link does not point to the replacement with rel="successor-version" (RFC 8288).',
        'rel="successor-version"',
        link,
        headerChoice('Link'),
      ),
    );
  }
  return findings;
};

/**
 * The interface says the operation *is* deprecated (the seed: "The operation is deprecated"): a `Deprecation`
 * date after the request's time says it is not yet (RFC 9745 §2: the date "when the deprecation took effect or
 * will take effect"), which contradicts it. Which past date is our choice (`x-deprecation-date`), not this.
 */
function deprecationInFuture(operationId: string, value: string, now: Date): ResponseFinding | undefined {
  const date = deprecationDateOf(value);
  if (date === undefined || date.getTime() <= now.getTime()) return undefined;
  const when = date.toISOString();
  return {
    title: 'DeprecationNotInEffect',
    message: `${operationId} is deprecated by the interface, but its Deprecation header dates the deprecation ${when}, after the request (${now.toISOString()}): RFC 9745 reads a future date as "not deprecated yet".`,
    expected: `Deprecation: @<a time at or before ${now.toISOString()}>`,
    actual: `Deprecation: ${value}`,
  };
}

/**
 * A `Link` with rel="successor-version" names the replacement: it must lead to the one the interface names
 * (`x-replacement`: the seed's "The replacement is GET /pets with the status filter"), on the same base path as
 * the request (any origin: a public URL may differ behind a gateway; any query, the status filter among them).
 */
function successorElsewhere(
  model: ApiModel,
  operation: Operation,
  requestUrl: string,
  link: string,
): ResponseFinding | undefined {
  const replacement = model.operations.find((other) => other.operationId === operation.replacement);
  if (!replacement || replacement.path.includes('{')) return undefined;
  const url = new URL(requestUrl);
  const base = basePathOf(url.pathname, operation.path);
  if (base === undefined) return undefined;
  const expected = `${base}${replacement.path}`;
  const named = successorTargets(link);
  const leadsThere = (target: string) =>
    URL.canParse(target, url) && (withoutTrailingSlashes(new URL(target, url).pathname) || '/') === expected;
  if (!named.length || named.some(leadsThere)) return undefined;
  return {
    title: 'SuccessorNotReplacement',
    message: `The successor-version Link of ${operation.operationId} does not lead to the replacement the interface names, ${replacement.method} ${replacement.path} (${replacement.operationId}).`,
    expected: `Link: <${expected}>; rel="successor-version" (a query, such as ?status=, may follow)`,
    actual: `Link: ${link.slice(0, 200)}`,
  };
}

/**
 * The target URIs of a Link value's links whose rel includes successor-version (RFC 8288 §3): `<uri>; params`,
 * comma-separated. Read with indexOf, in one pass: a target's header may be any length.
 */
function successorTargets(link: string): string[] {
  const targets: string[] = [];
  for (let open = link.indexOf('<'); open !== -1;) {
    const close = link.indexOf('>', open + 1);
    if (close === -1) break;
    const next = link.indexOf('<', close + 1);
    if (linksTo(link.slice(close + 1, next === -1 ? link.length : next), 'successor-version'))
      targets.push(link.slice(open + 1, close));
    open = next;
  }
  return targets;
}

/**
 * The base path a request went to below: its path without the operation's own segments (`/v1` of
 * `/v1/pets/7` for `/pets/{petId}`), or undefined when its segments do not follow the template.
 */
function basePathOf(pathname: string, template: string): string | undefined {
  const segments = (withoutTrailingSlashes(pathname) || '/').split('/');
  const own = template.split('/').slice(1);
  if (segments.length <= own.length) return undefined;
  const tail = segments.slice(segments.length - own.length);
  const follows = own.every((part, i) => part.startsWith('{') || part === tail[i]);
  return follows ? segments.slice(0, segments.length - own.length).join('/') : undefined;
}

/**
 * Headers that must not appear. The interface deprecates getPet alone and names GET /pets as its replacement:
 * a `Deprecation` header (RFC 9745 §2: the resource is or will be deprecated) or a `Sunset` (RFC 8594: it
 * will stop responding) on any other operation announces what the interface contradicts.
 */
function notDeprecated(operationId: string, headers: Record<string, string>): ResponseFinding[] {
  return (['Deprecation', 'Sunset'] as const)
    .filter((name) => headers[name.toLowerCase()] !== undefined)
    .map((name) => ({
      title: 'UndeclaredDeprecation' as const,
      message: `${operationId} is not deprecated by the interface, yet its answer carries ${name}.`,
      expected: `no ${name} header`,
      actual: `${name}: ${headers[name.toLowerCase()]}`,
    }));
}

/** RFC 9745: `Deprecation: @<epoch seconds>`; the date is our choice (`x-deprecation-date`), when there is one. */
function deprecationDate(
  model: ApiModel,
  operationPointer: string,
  announced: unknown,
  value: string,
  headerChoice: FindingChoice | undefined,
): ResponseFinding[] {
  const choice = model.choiceFor(`${operationPointer}/${DEPRECATION_DATE}`) ?? headerChoice;
  const expected =
    typeof announced === 'string' ? `@${Date.parse(`${announced}T00:00:00Z`) / 1000}` : '@<epoch seconds>';
  const date = deprecationDateOf(value);
  if (date === undefined)
    return [
      advice(
        'UnrecognisedDeprecationHeader',
        'Deprecation is not an RFC 9745 date (@<epoch seconds>).',
        expected,
        value,
        choice,
      ),
    ];
  if (typeof announced !== 'string' || date.toISOString().slice(0, 10) === announced) return [];
  return [
    advice(
      'WrongDeprecationDate',
      `Deprecation names another date than ${announced}, the announcement date petstore-kit chose.`,
      expected,
      value,
      choice,
    ),
  ];
}

/** A recommendation; with the choice it departs from, when the overlay made one here. */
function advice(
  title: ResponseFinding['title'],
  message: string,
  expected: string,
  actual: string,
  choice: FindingChoice | undefined,
): ResponseFinding {
  return { severity: 'warning', title, message, expected, actual, ...(choice ? { choice } : {}) };
}

function httpDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toUTCString();
}

/**
 * Whether a Link header (RFC 8288 §3) has a link of this relation type: a `rel` parameter, quoted or not,
 * whose space-separated types include it. Read by splitting, in one pass over the target's header.
 */
function linksTo(link: string, relation: string): boolean {
  return link.split(/[,;]/).some((param) => {
    const equals = param.indexOf('=');
    if (equals === -1 || param.slice(0, equals).trim().toLowerCase() !== 'rel') return false;
    // Relation types compare case-insensitively (RFC 8288 §2.1.1).
    const types = param
      .slice(equals + 1)
      .replaceAll('"', '')
      .toLowerCase();
    return types.split(' ').includes(relation);
  });
}

/** An RFC 9745 `Deprecation` value (`@<epoch seconds>`) as its date, or undefined when it is none. */
function deprecationDateOf(value: string): Date | undefined {
  const seconds = /^@(-?\d{1,12})$/.exec(value.trim())?.[1];
  const date = seconds === undefined ? undefined : new Date(Number(seconds) * 1000);
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}
