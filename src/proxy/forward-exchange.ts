// Forwards one request to the target and its answer back, judging the exchange on the way.
// - The request body streams to the target as it arrives; a copy of at most the cap is kept to judge it.
// - The answer is held until its body is complete, so that the judgement can travel in a header of the
//   answer itself (as Prism's `sl-violations` does). Holding is bounded: past the cap (2 MiB decoded,
//   verify's), or past the timeout, or when the body breaks off, the status and headers go out with what is
//   known by then, the bytes held follow, and the rest streams through untouched and unjudged, however long
//   it runs: a 50 MB answer or an endless one costs the cap, never its size.
// - Bytes are forwarded as the target sent them (Content-Encoding included); only the judged copy is decoded.
// - A target that does not answer gets the client a 502 (504 after the timeout) with the kit's Error body, and
//   so does one that answers what no client asked for: a 101 (a protocol switch: the proxy asks for none), or
//   1xx answers and no final one within the timeout. Each is judged (NoResponse) and reaches the report.
// - The path goes to the target exactly as judged (`path`, never re-read by a URL resolver).
// - The target's own findings header is dropped: the verdict on the answer is the proxy's alone.
import {
  request as httpRequest,
  type Agent,
  type IncomingMessage,
  type RequestOptions,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Operation } from '../openapi/index-operations.ts';
import { headerRecord } from '../shared/har.ts';
import { hasNoContent } from '../../contract-tests/http/no-content.ts';
import { describeNetworkError } from '../../contract-tests/http/send.ts';
import { BodyCapture } from './body-capture.ts';
import type { ProxiedExchange } from '../../contract-tests/exchange/exchange-record.ts';
import type { HarMaterial } from './exchange-har.ts';
import { FINDINGS_HEADER, findingsHeader } from './findings-header.ts';
import { endToEnd, flat, withVia } from './hop-by-hop.ts';
import type { CapturedExchange } from '../../contract-tests/exchange/judge.ts';
import { forPage, PAGE_CORS } from './page-cors.ts';
import { sendProxyError, type ProxyErrorCode } from './proxy-errors.ts';

/** Where a mount forwards to: the target's origin, and what node:http needs to reach it. */
export interface Upstream {
  secure: boolean;
  /** e.g. https://staging.example.com */
  origin: string;
  /** The Host header the target gets (its host and port). */
  host: string;
  /** Protocol, host name, port (and userinfo) for http.request; the path is each request's own. */
  options: RequestOptions;
}

export interface Forwarding {
  id: number;
  method: string;
  /** The URL as the client addressed the proxy (for the HAR). */
  clientUrl: string;
  /** The path and query the client sent. */
  clientPath: string;
  upstream: Upstream;
  /** The path and query sent to the target, exactly. */
  targetPath: string;
  /** The client is a page (it sent an Origin): the answer carries the proxy's CORS headers (page-cors.ts). */
  forPage: boolean;
  operation?: Operation;
  pathParams: Record<string, string | undefined>;
  pathDeclared: boolean;
  /** The secured GET it reaches by a side road (HEAD, another spelling of its path), if any. */
  sideRoadOf?: Operation;
}

export interface ForwardContext {
  agents: { 'http:': Agent; 'https:': Agent };
  timeoutMs: number;
  maxBodyBytes: number;
  adminPath: string;
  /** This proxy's `Via` entry (hop-by-hop.ts). */
  via: string;
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
  const headers = headerRecord(clientHeaders);
  const requestCopy = new BodyCapture(headers['content-encoding'], ctx.maxBodyBytes);
  const { secure, origin } = f.upstream;
  const targetUrl = `${origin}${f.targetPath}`;
  const upstream = (secure ? httpsRequest : httpRequest)({
    ...f.upstream.options,
    path: f.targetPath,
    method: f.method,
    headers: flat(withVia([...clientHeaders, ['Host', f.upstream.host]], ctx.via)),
    agent: ctx.agents[secure ? 'https:' : 'http:'],
    setHost: false,
  });
  let phase: 'waiting' | 'holding' | 'answered' = 'waiting';
  let response: IncomingMessage | undefined;
  let holdEnded: ((outcome: 'stalled') => void) | undefined;
  /** The client closed its connection before its answer was complete: the exchange is not judged. */
  let clientGone = false;
  /** The 1xx statuses the target sent before any final answer (RFC 9110 §15.2: a client must read them). */
  const interim: number[] = [];
  const timer = setTimeout(() => {
    if (phase === 'waiting')
      void giveUp(
        interim.length ? 'TARGET_ANSWER_UNFORWARDABLE' : 'TARGET_TIMEOUT',
        interim.length
          ? `the target sent ${interim.join(', ')} and no final answer within ${ctx.timeoutMs} ms`
          : describeNetworkError(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }), ctx.timeoutMs),
      );
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
    ...(f.sideRoadOf ? { sideRoadOf: f.sideRoadOf } : {}),
    request: {
      url: targetUrl,
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

  /** No answer to forward: the client gets the proxy's Error body, the exchange its NoResponse finding. */
  async function giveUp(code: ProxyErrorCode, reason: string): Promise<void> {
    if (phase !== 'waiting' || clientGone) return;
    phase = 'answered';
    clearTimeout(timer);
    upstream.destroy();
    await requestCopy.end().catch(() => undefined);
    const judged = await ctx.judge({ ...captured(), error: reason });
    const said =
      code === 'TARGET_ANSWER_UNFORWARDABLE'
        ? `The proxy got no answer it can forward from ${origin}: ${reason}.`
        : `The proxy got no answer from ${origin}: ${reason}.`;
    sendProxyError(res, code, said, {
      [FINDINGS_HEADER]: findingsHeader(judged, ctx.adminPath),
      via: ctx.via,
      ...(f.forPage ? PAGE_CORS : {}),
    });
    ctx.done(judged, material());
  }

  // `on`, not `once`: a request destroyed while it writes may report more than one error.
  upstream.on('error', (error: NodeJS.ErrnoException) =>
    giveUp(
      error.code === 'TIMEOUT' ? 'TARGET_TIMEOUT' : 'TARGET_UNREACHABLE',
      describeNetworkError(error, ctx.timeoutMs),
    ),
  );
  // A 101 to a request that asked for no protocol switch (the proxy forwards no Upgrade): what follows on the
  // connection is no longer HTTP. Node reports it as an upgrade when the answer names a protocol, else as
  // the response itself (below); a 1xx Node reads as interim (`information`) is waited past, up to the timeout.
  const switched = (status: number, text: string | undefined) =>
    giveUp(
      'TARGET_ANSWER_UNFORWARDABLE',
      `the target answered ${status}${text ? ` ${text.slice(0, 100)}` : ''}, a protocol switch no request asked for (RFC 9110 §15.2.2)`,
    );
  upstream.on('upgrade', (incoming: IncomingMessage, socket) => {
    socket.destroy();
    void switched(incoming.statusCode ?? 101, incoming.statusMessage);
  });
  upstream.on('information', (info: { statusCode: number }) => {
    if (interim.length < 10) interim.push(info.statusCode);
  });

  upstream.once('response', (incoming) => {
    const status = incoming.statusCode ?? 502;
    if (status < 200) {
      // Node hands a 101 that names no protocol over as the final answer: what follows is no HTTP either.
      incoming.destroy();
      return void switched(status, incoming.statusMessage);
    }
    response = incoming;
    phase = 'holding';
    const waitMs = elapsed();
    // The target's own findings header never passes: beside the proxy's, it would forge the verdict.
    const pairs = endToEnd(incoming.rawHeaders, [FINDINGS_HEADER]);
    // An answer without content by HTTP's rules (HEAD, 204, 304) may still be labelled with a Content-Encoding,
    // as a compressing gateway labels it: there is nothing to decode.
    const encoding = hasNoContent(f.method, status) ? undefined : headerRecord(pairs)['content-encoding'];
    const copy = new BodyCapture(encoding, ctx.maxBodyBytes);
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
      const verdict: [string, string][] = [...pairs, [FINDINGS_HEADER, findingsHeader(judged, ctx.adminPath)]];
      const sent = withVia(f.forPage ? forPage(verdict) : verdict, ctx.via);
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
            sendProxyError(
              res,
              'TARGET_ANSWER_UNFORWARDABLE',
              `The target's answer cannot be forwarded: ${(error as Error).message}.`,
              f.forPage ? PAGE_CORS : {},
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
