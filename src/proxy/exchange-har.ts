// One forwarded exchange as a HAR 1.2 entry: what the client sent to the proxy and what it got back, the
// URL as the client addressed it (so a recording replays against the same client, e.g. with Playwright's
// routeFromHAR), bodies as decoded up to the judging cap, and the judge's findings as custom fields
// (`_findings`). Every credential is redacted: headers by name, URLs and bodies by the secrets seen, and a
// body kept as bytes (not UTF-8) redacted as bytes before it is written in base64.
import { harEntry, type HarEntry } from '../shared/har.ts';
import { REDACTED_IN_URL, type Redactor } from '../shared/redact.ts';
import type { ProxiedExchange } from '../../contract-tests/exchange/exchange-record.ts';

export interface HarMaterial {
  startedAt: Date;
  durationMs: number;
  /** Until the target's status and headers arrived. */
  waitMs?: number;
  method: string;
  /** The URL as the client addressed the proxy. */
  url: string;
  requestHeaders: [string, string][];
  requestBody?: { bytes: Uint8Array; complete: boolean; wireBytes: number };
  response?: {
    status: number;
    statusText: string;
    /** As the client got them (the findings header and Via included). */
    headers: [string, string][];
    /** Decoded, at most the cap (and one byte). */
    body: Uint8Array;
    wireBytes: number;
    complete: boolean;
  };
}

export function harEntryOf(material: HarMaterial, judged: ProxiedExchange, redact: Redactor): HarEntry {
  const scrub = (text: string) => redact.text(text);
  const { requestBody, response } = material;
  return harEntry({
    startedAt: material.startedAt,
    durationMs: material.durationMs,
    waitMs: material.waitMs,
    request: {
      method: material.method,
      // `%5Bredacted%5D`, as the mock's HAR writes it: a URL may not hold the brackets after the host.
      url: redact.text(material.url, encodeURIComponent(REDACTED_IN_URL)),
      headers: redact.headerPairs(material.requestHeaders),
      ...(requestBody && requestBody.wireBytes > 0
        ? { body: body(requestBody.bytes, requestBody.complete, requestBody.wireBytes, scrub) }
        : {}),
    },
    ...(response
      ? {
          response: {
            status: response.status,
            statusText: response.statusText,
            headers: redact.headerPairs(response.headers),
            body: body(response.body, response.complete, response.wireBytes, scrub),
          },
        }
      : {}),
    ...verdictFields(judged),
  });
}

/**
 * What the judge said of an exchange, as a HAR entry carries it: a comment, and custom fields (`_findings`;
 * `_notices` for a call to a deprecated operation, which is never a failure).
 */
export function verdictFields(judged: ProxiedExchange) {
  return {
    ...(judged.note || judged.exchange.error ? { comment: judged.note ?? judged.exchange.error } : {}),
    custom: {
      _exchange: judged.id,
      _operationId: judged.operationId ?? null,
      _target: judged.exchange.request.url,
      _findings: [...judged.failures, ...judged.recommendations],
      ...(judged.notices.length ? { _notices: judged.notices } : {}),
    },
  };
}

/**
 * A body as HAR text: UTF-8 as it is, other bytes in base64, redacted first as bytes (one character per
 * byte: a key in the bytes is found, and `<redacted>` goes in as its ASCII bytes); one cut at the cap says so.
 */
function body(bytes: Uint8Array, complete: boolean, wireBytes: number, scrub: (text: string) => string) {
  const kept = bytes;
  const comment = complete ? undefined : `cut at ${kept.byteLength} bytes: the proxy keeps what it judges`;
  let text: string | undefined;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(kept);
  } catch {
    text = undefined;
  }
  return text !== undefined
    ? {
        text: scrub(text),
        size: complete ? kept.byteLength : undefined,
        wireSize: wireBytes,
        ...(comment ? { comment } : {}),
      }
    : {
        base64: Buffer.from(scrub(Buffer.from(kept).toString('latin1')), 'latin1').toString('base64'),
        size: kept.byteLength,
        wireSize: wireBytes,
        ...(comment ? { comment } : {}),
      };
}
