// A HAR 1.2 log (a browser's, Playwright's `recordHar`, `petstore-kit proxy --record`, the mock's journal) as
// the exchanges judge-exchange.ts judges. Headers as pairs, HTTP/2's pseudo-headers (`:method`…) left out;
// bodies as text, or as bytes when the log holds them in base64; the start as recorded, the clock they are
// judged by. An entry without an answer (status 0 or -1, as browsers log a failed request) has no response;
// a body the log holds only in part, or not at all, is marked so (har.ts's harBodyPartial) and not judged.
// The mock's replay reads HAR too (src/core/replay/check-recording.ts), but for answers to send: it refuses
// what a judge must see (a failed request, a cut or binary body), and the judge may not import the mock.
import { harBodyPartial } from '../../src/shared/har.ts';
import { KitError } from '../../src/shared/kit-error.ts';
import type { HttpExchange } from './judge-exchange.ts';

const NOT_A_LOG = 'Pass a HAR 1.2 log, as JSON text or parsed: { "log": { "entries": [...] } }.';

/**
 * The exchanges of a HAR 1.2 log, in its order. Throws a PetstoreKitError naming what is missing when the
 * log has no entries list, or an entry no request method and URL.
 *
 * @example
 * const exchanges = exchangesFromHar(await readFile('session.har', 'utf8'));
 */
export function exchangesFromHar(har: string | { log: { entries: readonly unknown[] } }): HttpExchange[] {
  let log: unknown = har;
  if (typeof har === 'string') {
    try {
      // Without the byte-order mark some editors put first: it is not JSON.
      log = JSON.parse(har.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new KitError('read the HAR log', `it is not JSON (${(error as Error).message.slice(0, 200)})`, NOT_A_LOG);
    }
  }
  const entries = at(at(log, 'log'), 'entries');
  if (!Array.isArray(entries)) throw new KitError('read the HAR log', 'it has no log.entries list', NOT_A_LOG);
  return entries.map((entry: unknown, index) => {
    const request = at(entry, 'request');
    const response = at(entry, 'response');
    const method = text(request, 'method');
    const url = text(request, 'url');
    if (method === undefined || url === undefined)
      throw new KitError('read the HAR log', `entries[${index}].request has no method or no url`, NOT_A_LOG);
    const status = at(response, 'status');
    const started = text(entry, 'startedDateTime');
    const time = at(entry, 'time');
    return {
      request: { method, url, headers: headers(request), ...bodyOf(at(request, 'postData')) },
      ...(typeof status === 'number' && status > 0
        ? { response: { status, headers: headers(response), ...bodyOf(at(response, 'content')) } }
        : {}),
      ...(started ? { startedAt: started } : {}),
      ...(typeof time === 'number' && time >= 0 ? { durationMs: time } : {}),
    };
  });
}

/** An own field of an object (a header named `constructor` is a header, never a prototype's member). */
function at(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function text(value: unknown, key: string): string | undefined {
  const field = at(value, key);
  return typeof field === 'string' ? field : undefined;
}

function headers(message: unknown): [string, string][] {
  const list = at(message, 'headers');
  if (!Array.isArray(list)) return [];
  return list.flatMap((header: unknown): [string, string][] => {
    const name = text(header, 'name');
    const value = text(header, 'value');
    return name !== undefined && value !== undefined && !name.startsWith(':') ? [[name, value]] : [];
  });
}

/** A logged body (`postData`, `content`): its text, or its bytes when base64, and whether the log holds it whole. */
function bodyOf(logged: unknown): { body?: string | Uint8Array; bodyComplete?: false } {
  const body = text(logged, 'text');
  const partial = harBodyPartial({
    text: body,
    size: at(logged, 'size'),
    comment: text(logged, 'comment'),
    _truncated: at(logged, '_truncated'),
    _omitted: at(logged, '_omitted'),
  });
  if (partial || body === undefined) return partial ? { bodyComplete: false } : {};
  if (text(logged, 'encoding') !== 'base64') return { body };
  try {
    return { body: Uint8Array.from(atob(body), (character) => character.charCodeAt(0)) };
  } catch {
    return { bodyComplete: false }; // not base64 after all: the bytes are not known
  }
}
