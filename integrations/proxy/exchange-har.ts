// One forwarded exchange as a HAR 1.2 entry: what the client sent to the proxy and what it got back, the
// URL as the client addressed it (so a recording replays against the same client, e.g. with Playwright's
// routeFromHAR), bodies as decoded up to the judging cap, and the judge's findings as custom fields
// (`_findings`). Every credential is redacted: headers by name, URLs and bodies by the secrets seen.
import { REDACTED, redactText } from '../../contract-tests/http/redact.ts';
import { harEntry, type HarEntry } from '../../src/shared/har.ts';
import { redactHeaders } from './credentials.ts';
import type { ProxiedExchange } from './exchange-record.ts';

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

export function harEntryOf(material: HarMaterial, judged: ProxiedExchange, secrets: string[]): HarEntry {
  const scrub = (text: string) => redactText(text, secrets);
  const headers = (pairs: [string, string][]) => {
    const redacted = redactHeaders(Object.fromEntries(pairs.map(([name, value], i) => [`${i}\u0000${name}`, value])));
    return Object.entries(redacted).map(
      ([key, value]) => [key.slice(key.indexOf('\u0000') + 1), scrub(value)] as [string, string],
    );
  };
  const { requestBody, response } = material;
  return harEntry({
    startedAt: material.startedAt,
    durationMs: material.durationMs,
    waitMs: material.waitMs,
    request: {
      method: material.method,
      // `<redacted>` percent-encoded: a URL may not hold `<` and `>`.
      url: scrub(material.url).replaceAll(REDACTED, encodeURIComponent(REDACTED)),
      headers: headers(material.requestHeaders),
      ...(requestBody && requestBody.wireBytes > 0
        ? { body: body(requestBody.bytes, requestBody.complete, requestBody.wireBytes, scrub) }
        : {}),
    },
    ...(response
      ? {
          response: {
            status: response.status,
            statusText: response.statusText,
            headers: headers(response.headers),
            body: body(response.body, response.complete, response.wireBytes, scrub),
          },
        }
      : {}),
    ...(judged.note || judged.exchange.error ? { comment: judged.note ?? judged.exchange.error } : {}),
    custom: {
      _exchange: judged.id,
      _operationId: judged.operationId ?? null,
      _target: judged.exchange.request.url,
      _findings: [...judged.failures, ...judged.recommendations],
    },
  });
}

/** A body as HAR text: UTF-8 as it is, other bytes in base64; one cut at the cap says so. */
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
        base64: Buffer.from(kept).toString('base64'),
        size: kept.byteLength,
        wireSize: wireBytes,
        ...(comment ? { comment } : {}),
      };
}
