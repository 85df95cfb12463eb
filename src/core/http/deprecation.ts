// Deprecation signals read from the spec: `deprecated`, `x-deprecation-date`, `x-sunset` and
// `x-replacement` of an operation become the Deprecation (RFC 9745), Sunset (RFC 8594) and
// Link (RFC 8288) headers, and after the sunset date the operation answers 410 Gone. A brownout
// (src/core/brownout) sends that same removal answer ahead of the date.
import { errorResponse } from '../errors.ts';
import type { CoreResponse } from '../core-request.ts';
import type { Operation } from '../../openapi/index-operations.ts';

export interface DeprecationPolicy {
  /** Headers for every response of the operation. */
  headers: Record<string, string>;
  /** The removal date (`x-sunset`), in milliseconds since the epoch, when the document gives one. */
  sunset?: number;
  /** The answer of the operation once removed (with `sunset` set): 410 Gone naming the replacement; a new object each call. */
  removal(): CoreResponse;
  /** The removal answer to send instead of the operation once `now` is past the sunset, else undefined. */
  gone(now: Date): CoreResponse | undefined;
}

export function deprecationPolicy(
  operation: Operation,
  pathTo: (operationId: string) => string,
): DeprecationPolicy | undefined {
  if (!operation.deprecated && !operation.sunset) return undefined;
  const headers: Record<string, string> = {};
  const since = operation.source['x-deprecation-date'];
  if (operation.deprecated)
    headers.deprecation = typeof since === 'string' ? `@${Date.parse(`${since}T00:00:00Z`) / 1000}` : '@0';
  const sunset = operation.sunset ? Date.parse(`${operation.sunset}T00:00:00Z`) : undefined;
  if (sunset !== undefined) headers.sunset = new Date(sunset).toUTCString();
  const { replacement } = operation;
  if (replacement) headers.link = `<${pathTo(replacement)}>; rel="successor-version"`;

  const removal = () => {
    const message = `${operation.method} ${operation.path} was removed on ${operation.sunset}.${replacement ? ` Use ${pathTo(replacement)} instead.` : ''}`;
    return errorResponse('GONE', { message });
  };
  return {
    headers,
    sunset,
    removal,
    gone: (now) => (sunset === undefined || now.getTime() < sunset ? undefined : removal()),
  };
}
