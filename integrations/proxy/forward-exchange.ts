// Forwards one request to the target and its answer back, judging the exchange on the way.
// - The request body streams to the target as it arrives; a copy of at most the cap is kept to judge it.
// - The answer is held until its body is complete, so that the judgement can travel in a header of the
//   answer itself (as Prism's `sl-violations` does). Holding is bounded: past the cap (2 MiB decoded,
//   verify's), or past the timeout, or when the body breaks off, the status and headers go out with what is
//   known by then, the bytes held follow, and the rest streams through untouched and unjudged, however long
//   it runs: a 50 MB answer or an endless one costs the cap, never its size.
// - Bytes are forwarded as the target sent them (Content-Encoding included); only the judged copy is decoded.
// - A target that does not answer gets the client a 502 (504 after the timeout) with the kit's Error body.
import { request as httpRequest, type Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Operation } from '../../src/openapi/index-operations.ts';
import { describeNetworkError } from '../../contract-tests/http/send.ts';
import { BodyCapture } from './body-capture.ts';
import type { ProxiedExchange } from './exchange-record.ts';
import type { HarMaterial } from './exchange-har.ts';
import { exposedToPages, FINDINGS_HEADER, findingsHeader } from './findings-header.ts';
import { asRecord, endToEnd, flat, withVia } from './hop-by-hop.ts';
import type { CapturedExchange } from './judge.ts';

export interface Forwarding {
  id: number;
  method: string;
  /** The URL as the client addressed the proxy (for the HAR). */
  clientUrl: string;
  /** The path and query the client sent. */
  clientPath: string;
  targetUrl: URL;
  operation?: Operation;
  pathParams: Record<string, string | undefined>;
  pathDeclared: boolean;
}

export interface ForwardContext {
  agents: { 'http:': Agent; 'https:': Agent };
  timeoutMs: number;
  maxBodyBytes: number;
  adminPath: string;
  judge(captured: CapturedExchange): Promise<ProxiedExchange>;
  /** Every exchange once judged and answered (or given up). */
  done(judged: ProxiedExchange, material: HarMaterial): void;
}

type Outcome = NonNullable<CapturedExchange['response']>['outcome'];

export function forwardExchange(ctx: ForwardContext, req: IncomingMessage, res: ServerResponse, f: Forwarding): void {
  const startedAt = new Date();
  const t0 = performance.now();
  const elapsed = () => Math.round(performance.now() - t0);
  const clientHeaders = endToEnd(req.rawHeaders, ['host', 'expect']);
  const headers = asRecord(clientHeaders);
  const requestCopy = new BodyCapture(headers['content-encoding'], ctx.maxBodyBytes);
  const secure = f.targetUrl.protocol === 'https:';
  const upstream = (secure ? httpsRequest : httpRequest)(f.targetUrl, {
    method: f.method,
    headers: flat(withVia([...clientHeaders, ['Host', f.targetUrl.host]])),
    agent: ctx.agents[secure ? 'https:' : 'http:'],
    setHost: false,
  });
  let phase: 'waiting' | 'holding' | 'answered' = 'waiting';
  let response: IncomingMessage | undefined;
  let holdEnded: ((outcome: 'stalled') => void) | undefined;
  /** The client closed its connection before its answer was complete: the exchange is not judged. */
  let clientGone = false;
  const timer = setTimeout(() => {
    if (phase === 'waiting') upstream.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }));
    else if (phase === 'holding') holdEnded?.('stalled');
  }, ctx.timeoutMs);

  req.on('data', (chunk: Buffer) => {
    if (!requestCopy.write(chunk, () => req.resume())) req.pause();
  });
  req.on('error', () => upstream.destroy());
  req.pipe(upstream);
  // The client went away before its answer was complete: nothing is left to forward to.
  res.on('close', () => {
    if (res.writableFinished) return;
    clientGone = phase !== 'answered';
    clearTimeout(timer);
    upstream.destroy();
    response?.destroy();
  });

  const captured = (): CapturedExchange => ({
    id: f.id,
    startedAt,
    durationMs: elapsed(),
    method: f.method,
    clientPath: f.clientPath,
    operation: f.operation,
    pathParams: f.pathParams,
    pathDeclared: f.pathDeclared,
    request: {
      url: f.targetUrl.href,
      headers,
      ...(requestCopy.wireBytes > 0 ? { body: requestCopy.bytes() } : {}),
      bodyComplete: req.complete && requestCopy.state === 'reading' && !requestCopy.undecodable,
    },
  });
  const material = (): HarMaterial => ({
    startedAt,
    durationMs: elapsed(),
    method: f.method,
    url: f.clientUrl,
    requestHeaders: pairsOf(req.rawHeaders),
    requestBody: {
      bytes: requestCopy.bytes().subarray(0, ctx.maxBodyBytes),
      complete: req.complete && requestCopy.state === 'reading',
      wireBytes: requestCopy.wireBytes,
    },
  });

  upstream.once('error', async (error: NodeJS.ErrnoException) => {
    if (phase !== 'waiting' || clientGone) return;
    phase = 'answered';
    clearTimeout(timer);
    const timedOut = error.code === 'TIMEOUT';
    const reason = describeNetworkError(error, ctx.timeoutMs);
    await requestCopy.end().catch(() => undefined);
    const judged = await ctx.judge({ ...captured(), error: reason });
    const status = timedOut ? 504 : 502;
    const body = JSON.stringify({
      code: timedOut ? 'TARGET_TIMEOUT' : 'TARGET_UNREACHABLE',
      message: `The proxy got no answer from ${f.targetUrl.origin}: ${reason}.`,
      status,
    });
    if (!res.destroyed && !res.headersSent)
      res
        .writeHead(status, {
          'content-type': 'application/json',
          [FINDINGS_HEADER]: findingsHeader(judged, ctx.adminPath),
          via: withVia([])[0][1],
        })
        .end(body);
    ctx.done(judged, material());
  });

  upstream.once('response', (incoming) => {
    response = incoming;
    phase = 'holding';
    const waitMs = elapsed();
    const status = incoming.statusCode ?? 502;
    const pairs = endToEnd(incoming.rawHeaders);
    const copy = new BodyCapture(asRecord(pairs)['content-encoding'], ctx.maxBodyBytes);
    const held: Buffer[] = [];
    let heldBytes = 0;
    const onData = (chunk: Buffer) => {
      held.push(chunk);
      heldBytes += chunk.byteLength;
      if (!copy.write(chunk, () => incoming.resume())) incoming.pause();
      if (heldBytes > ctx.maxBodyBytes) release(copy.undecodable ? 'undecodable' : 'too-large');
    };
    const onBroken = (error?: Error) => release('body-broken', error?.message ?? 'the connection closed');
    copy.onStop = (state) => release(state === 'full' ? 'too-large' : 'broken', copy.reason);
    incoming.on('data', onData);
    incoming.once('error', onBroken);
    incoming.once('close', () => !incoming.complete && onBroken());
    incoming.once('end', async () => {
      await copy.end();
      release(copy.undecodable ? 'undecodable' : copy.state === 'broken' ? 'broken' : 'complete', copy.reason);
    });
    holdEnded = (outcome) => release(outcome);

    async function release(outcome: Outcome | 'body-broken', cause?: string): Promise<void> {
      if (phase !== 'holding' || clientGone) return;
      phase = 'answered';
      clearTimeout(timer);
      incoming.pause();
      incoming.off('data', onData);
      if (outcome !== 'complete') copy.stop();
      await requestCopy.end().catch(() => undefined);
      const detail = describeOutcome(outcome, status, copy, ctx, cause);
      const exchange = captured();
      const judged = await ctx.judge({
        ...exchange,
        response: {
          status,
          statusText: incoming.statusMessage ?? '',
          headers: pairs,
          body: copy.bytes(),
          outcome: outcome === 'body-broken' ? 'broken' : outcome,
          ...(detail ? { detail } : {}),
        },
      });
      const sent = withVia(exposedToPages([...pairs, [FINDINGS_HEADER, findingsHeader(judged, ctx.adminPath)]]));
      const streamRest = outcome !== 'complete' && outcome !== 'body-broken' && !incoming.readableEnded;
      if (!res.destroyed) {
        try {
          res.writeHead(status, incoming.statusMessage, flat(sent));
          for (const chunk of held) res.write(chunk);
          if (outcome === 'body-broken') res.destroy();
          else if (streamRest) {
            incoming.once('error', () => res.destroy());
            incoming.once('close', () => !incoming.complete && res.destroy());
            incoming.pipe(res);
          } else res.end();
        } catch (error) {
          // A header Node will not write (a control character the target's parser let through).
          if (!res.headersSent)
            res.writeHead(502, { 'content-type': 'application/json' }).end(
              JSON.stringify({
                code: 'TARGET_ANSWER_UNFORWARDABLE',
                message: `The target's answer cannot be forwarded: ${(error as Error).message}.`,
                status: 502,
              }),
            );
          else res.destroy();
          incoming.destroy();
        }
      } else incoming.destroy();
      ctx.done(judged, {
        ...material(),
        waitMs,
        response: {
          status,
          statusText: incoming.statusMessage ?? '',
          headers: sent,
          body: copy.bytes().subarray(0, ctx.maxBodyBytes),
          wireBytes: copy.wireBytes,
          complete: outcome === 'complete',
        },
      });
    }
  });
}

/** The reason verify would give for a body it could not read whole (read-body.ts's wording). */
function describeOutcome(
  outcome: Outcome | 'body-broken',
  status: number,
  copy: BodyCapture,
  ctx: ForwardContext,
  cause: string | undefined,
): string | undefined {
  const arrived = `the status and headers (${status}) arrived but`;
  switch (outcome) {
    case 'too-large':
      return `${arrived} the body exceeds ${ctx.maxBodyBytes} bytes (decoded); the proxy judged no further and forwarded the rest unread`;
    case 'stalled':
      return `${arrived} the body did not complete within ${ctx.timeoutMs} ms (${copy.wireBytes} bytes received); the rest was forwarded unjudged`;
    case 'broken':
    case 'body-broken':
      return `${arrived} the body broke off after ${copy.wireBytes} bytes: ${cause ?? 'the connection closed'}`;
    case 'undecodable':
      return copy.undecodable;
    default:
      return undefined;
  }
}

function pairsOf(raw: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);
  return pairs;
}
