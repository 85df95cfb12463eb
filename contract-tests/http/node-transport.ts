// verify's network transport: `node:http` and `node:https` behind the suite's `fetch` shape.
//
// Why not the global fetch: a target may answer before it has read the whole request (413 on the
// Content-Length, 401 on the headers) and close at once. The client is then still sending; its next write
// fails (EPIPE, ECONNRESET) while the answer sits, complete, in the kernel's receive buffer. Node's streams
// destroy the socket on that write error, so fetch (undici) and plain `node:http` both drop the answer and
// report "no response" in 5–15 % of such uploads on loopback, at random. Here a socket's failed write ends
// only the sending: the socket keeps reading, so the answer the target sent is read and judged, and only a
// target that sent nothing is "no response" (issue 20). Everything else is as fetch does it: compressed
// bodies decoded (gzip, deflate, br), redirects never followed, every status a target sends reported as it is.
// An answer with no content by HTTP's rules (HEAD, 1xx, 204, 304) is never decoded, whatever its
// Content-Encoding says, and a body that does not decode says what arrived (issue 28).
// The modules, not their functions: `http.request` is looked up at each call, so a request interceptor that
// replaces it (MSW's setupServer, nock) sees verify's requests as it sees fetch's.
import http, { Agent as HttpAgent, type IncomingMessage } from 'node:http';
import https, { Agent as HttpsAgent } from 'node:https';
import type { Socket } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  codingsToUndo,
  ContentDecodingError,
  decoderFor,
  EXCERPT_BYTES,
  undecodableMessage,
} from './content-codings.ts';
import { hasNoContent } from './no-content.ts';
import type { FetchLike } from './send.ts';

export interface NodeTransport {
  fetch: FetchLike;
  /** Closes the connections kept alive between requests. */
  close(): void;
}

/** What fetch sends unless told otherwise; a target may compress its answers, and they are read decoded. */
const FETCH_DEFAULTS = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'petstore-kit' };

/** Creates a transport with its own pool of kept-alive connections. */
export function createNodeTransport(): NodeTransport {
  const agents = {
    'http:': keepReadingAfterFailedWrite(new HttpAgent({ keepAlive: true })),
    'https:': keepReadingAfterFailedWrite(new HttpsAgent({ keepAlive: true })),
  };
  return {
    fetch: (input, init) => send(new URL(input), init, agents),
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

type Agents = { 'http:': HttpAgent; 'https:': HttpsAgent };

/** Kept-alive connections found closed, one after another, before a request is given up: more than a pool holds. */
const MAX_STALE_RETRIES = 16;

function send(url: URL, init: RequestInit, agents: Agents, retries = 0): Promise<Response> {
  const { method = 'GET', headers, body, signal } = init;
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new TypeError(`fetch failed: unsupported protocol ${url.protocol}`));
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<Response>((resolve, reject) => {
    const outgoing = request(url, {
      method,
      headers: withDefaults(headers as Record<string, string> | undefined),
      agent: agents[url.protocol as keyof Agents],
      signal: signal ?? undefined,
    });
    let answered = false;
    outgoing.once('response', (incoming) => {
      answered = true;
      resolve(toResponse(incoming, method));
    });
    outgoing.once('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      // A kept-alive connection the target closed while idle fails before a byte of the request was read:
      // sent again, as Node's docs advise (`request.reusedSocket`). After a pause every pooled connection may
      // have been closed at once (the target's keep-alive timeout), so again while the one that failed was a
      // reused one (each is dropped as it fails); a new connection that fails is the answer.
      if (outgoing.reusedSocket && error.code === 'ECONNRESET' && retries < MAX_STALE_RETRIES)
        return resolve(send(url, init, agents, retries + 1));
      reject(closedWithoutAnswer(error) ?? error);
    });
    // A stream body (a request sent chunked): node:http sends chunked when no Content-Length is set.
    if (body instanceof ReadableStream)
      return void Readable.fromWeb(body as NodeReadableStream)
        .once('error', (error) => outgoing.destroy(error))
        .pipe(outgoing);
    outgoing.end(typeof body === 'string' ? body : undefined);
  });
}

function withDefaults(headers: Record<string, string> = {}): Record<string, string> {
  const given = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const defaults = Object.entries(FETCH_DEFAULTS).filter(([name]) => !given.has(name));
  return { ...Object.fromEntries(defaults), ...headers };
}

/** The code of a connection the target closed (FIN, not a reset) without a complete response. */
export const CLOSED_WITHOUT_RESPONSE = 'CLOSED_WITHOUT_RESPONSE';

/**
 * node:http calls a close before any response "socket hang up" with the code of a reset (ECONNRESET); a real
 * reset is a failed read (`read ECONNRESET`). The close gets a code of its own, so a report says which.
 */
function closedWithoutAnswer(error: NodeJS.ErrnoException): Error | undefined {
  if (error.code !== 'ECONNRESET' || error.message !== 'socket hang up') return undefined;
  return Object.assign(new Error('socket hang up', { cause: error }), { code: CLOSED_WITHOUT_RESPONSE });
}

/**
 * An agent whose sockets, when a write fails, stop sending and go on reading until the target's answer
 * (or its close) arrives, instead of being destroyed with unread bytes in the kernel's buffer. Node's
 * streams mark the readable side as errored on a write error too; that mark is lifted, since nothing was
 * wrong with reading. Any other error, and a write error once the reading is over, destroys as usual.
 */
function keepReadingAfterFailedWrite<A extends HttpAgent>(agent: A): A {
  const createConnection = agent.createConnection.bind(agent) as (...args: unknown[]) => Socket;
  agent.createConnection = ((...args: unknown[]) => {
    const socket = createConnection(...args);
    const destroy = socket.destroy.bind(socket);
    const readable = (socket as unknown as { _readableState?: { errored: unknown } })._readableState;
    socket.destroy = (error?: Error) => {
      if ((error as NodeJS.ErrnoException | undefined)?.syscall !== 'write' || !readable || socket.readableEnded)
        return destroy(error);
      readable.errored = null;
      socket.once('end', () => destroy());
      socket.read(0);
      return socket;
    };
    return socket;
  }) as A['createConnection'];
  return agent;
}

/**
 * The answer as a fetch Response: every header as sent, the body decoded as fetch decodes it. An answer
 * with no content by HTTP's rules (HEAD, 1xx, 204, 205, 304) is built with no body, never decoded.
 */
function toResponse(incoming: IncomingMessage, method: string): Response {
  const status = incoming.statusCode ?? 0;
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    try {
      headers.append(raw[i], raw[i + 1]);
    } catch {
      // A name or value Headers refuses (not a token, a control character): fetch would have failed on it.
    }
  }
  const bodiless = hasNoContent(method, status);
  // Read to its end all the same, so the kept-alive connection goes back to the pool.
  if (bodiless) incoming.resume();
  const body = bodiless ? null : webStream(decoded(incoming), incoming);
  // Response refuses statuses outside 200–599; a target may send any three digits, and the checks judge them.
  const response = new Response(body, { headers });
  Object.defineProperties(response, {
    status: { value: status },
    statusText: { value: incoming.statusMessage ?? '' },
    ok: { value: status >= 200 && status < 300 },
  });
  return response;
}

/**
 * The body decoded from its Content-Encoding, last coding first (RFC 9110 §8.4); unknown codings stay as
 * sent. A body that does not decode ends in a ContentDecodingError saying what arrived; an empty one is
 * empty whatever its label (there is nothing to decode).
 */
function decoded(incoming: IncomingMessage): Readable {
  const header = incoming.headers['content-encoding'] ?? '';
  const decoders: { coding: string; decoder: NonNullable<ReturnType<typeof decoderFor>> }[] = [];
  for (const coding of codingsToUndo(header)) {
    const decoder = decoderFor(coding);
    if (!decoder) break;
    decoders.push({ coding, decoder });
  }
  if (decoders.length === 0) return incoming;
  // The first bytes as they came on the wire, and how many, for the message if decoding fails.
  let head = Buffer.alloc(0);
  let received = 0;
  incoming.on('data', (chunk: Buffer) => {
    if (head.length < EXCERPT_BYTES) head = Buffer.concat([head, chunk.subarray(0, EXCERPT_BYTES - head.length)]);
    received += chunk.length;
  });
  // Which coding an error came from: the first decoder to emit it (an upstream error is passed down).
  const passedDown = new WeakSet<Error>();
  const origin = new WeakMap<Error, number>();
  let stream: Readable = incoming;
  decoders.forEach(({ decoder }, index) => {
    decoder.once('error', (error) => passedDown.has(error) || origin.has(error) || origin.set(error, index));
    const source = stream;
    source.once('error', (error) => (passedDown.add(error), decoder.destroy(error)));
    stream = source.pipe(decoder);
  });
  const out = new PassThrough();
  stream.pipe(out);
  stream.once('error', (error) => {
    const index = origin.get(error);
    if (index === undefined) return void out.destroy(error);
    if (received === 0) return void out.end();
    const why = (error as NodeJS.ErrnoException).message;
    const message = undecodableMessage(header, decoders[index].coding, index === 0, head, received, why);
    out.destroy(new ContentDecodingError(message, { cause: error }));
  });
  return out;
}

/** A web stream that reads `source` as it is pulled, and destroys it and the answer when cancelled. */
function webStream(source: Readable, incoming: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      source.pause();
      source.on('data', (chunk: Buffer) => {
        if (done) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.once('end', () => {
        if (done) return;
        done = true;
        controller.close();
      });
      source.once('error', (error) => {
        if (done) return;
        done = true;
        controller.error(error);
      });
    },
    pull() {
      source.resume();
    },
    cancel() {
      done = true;
      source.destroy();
      incoming.destroy();
    },
  });
}
