// The server shell every server of the kit runs on (the mock, the proxy): node:http ⇄ core request/response.
// It answers what HTTP itself requires (one Host, an Expect it cannot meet, malformed requests, tunnels) with
// Error bodies, refuses what the guard refuses, reads bodies up to the core's limit, cuts off stalled clients,
// lets a client still sending read an early answer (the lingering close), and writes each event-loop turn's
// answers together (at-turn-end.ts). What differs between servers is where an answer comes from: the mock's
// store (`handle`), or a `route` decided on the request's head (the proxy forwards to its target).
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { MAX_BODY_BYTES, type CoreRequest, type CoreResponse } from '../core/index.ts';
import { errorResponse, type ErrorCode } from '../core/errors.ts';
import { atTurnEnd } from './at-turn-end.ts';
import { KitError } from '../shared/kit-error.ts';
import { deliverShaped } from './deliver-shaped.ts';

export type Handle = (request: CoreRequest) => CoreResponse | Promise<CoreResponse>;

export interface ListenOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Bounds of the lingering close (LINGERING_CLOSE); tests shorten them. */
  lingeringClose?: Partial<typeof LINGERING_CLOSE>;
  /**
   * The server's timeouts (SERVER_TIMEOUTS). Node counts them in wall time from the connection, so a server
   * whose event loop is held (beside a judge in the same process, on a busy machine) can time out a client
   * that sent on time: the test suite's targets lengthen them to mean "hung".
   */
  timeouts?: Partial<typeof SERVER_TIMEOUTS>;
  /** Refuses a request on its head, before its body is read (request-guard.ts: Host and Origin). */
  guard?: (req: IncomingMessage) => CoreResponse | undefined;
  /**
   * Decides on a request's head, after the guard and before its body is read: an answer of its own (sent as
   * `handle`'s are), a `Streamed` answer that owns the request and its response (the proxy streams its
   * target's), or undefined: `handle` answers. The mock has none: every answer is its store's.
   */
  route?: (req: IncomingMessage) => CoreResponse | Streamed | undefined;
  /** The answer to a tunnel (CONNECT) or a protocol switch (Upgrade); default 405 to CONNECT, Upgrade ignored. */
  tunnelRefusal?: CoreResponse;
}

/** An answer written by its source on the response itself, reading the request's body as it arrives. */
export type Streamed = (req: IncomingMessage, res: ServerResponse) => void;

export interface Listening {
  /** The origin, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The port bound (the one asked for, or the free one picked for 0). */
  port: number;
  /**
   * Stops accepting. Requests in flight get `graceMs` to finish (default 0: every connection is cut at once),
   * then their connections are cut.
   */
  close(graceMs?: number): Promise<void>;
}

/** Timeouts that cut off slow or stalled clients without holding the others (docs/security.md, "Limits and hostile input"). */
export const SERVER_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/**
 * After answering a request it has not read to the end (413 on the Content-Length, 400 on the Host, 417 on
 * the Expect), the mock reads and discards what the client still sends, for at most this long and this
 * much, before it closes: nginx's lingering close. Closing with unread bytes makes the kernel reset the
 * connection, and a client still uploading would lose the answer it was sent.
 */
export const LINGERING_CLOSE = { ms: 10_000, bytes: 16 * 1024 * 1024 };

/**
 * Serves a core handler over HTTP/1.1.
 * @example
 * const { url, close } = await listen(createPetStore().handle, { port: 0 });
 */
export async function listen(
  handle: Handle,
  { host = '127.0.0.1', port = 0, lingeringClose, timeouts: given, guard, route, tunnelRefusal }: ListenOptions = {},
): Promise<Listening> {
  const lingering = { ...LINGERING_CLOSE, ...lingeringClose };
  const timeouts = { ...SERVER_TIMEOUTS, ...given };
  // 64 KiB of headers (Node's default is 16 KiB), so an oversized Authorization still gets a 401 body.
  // Timeouts are checked every second (Node's default is every 30 s), so a stalled client goes on time.
  const options = {
    maxHeaderSize: 64 * 1024,
    requestTimeout: timeouts.requestMs,
    headersTimeout: timeouts.headersMs,
    connectionsCheckingInterval: 1_000,
    requireHostHeader: false,
  };
  const server = createServer(options, (req, res) => {
    // RFC 9112 §3.2: an HTTP/1.1 request without Host gets 400 (Node's own answer would have no body).
    if (req.httpVersion === '1.1' && req.headers.host === undefined)
      return send(
        res,
        errorResponse('MALFORMED_REQUEST', { message: 'An HTTP/1.1 request must carry a Host header' }),
        true,
      );
    // RFC 9112 §3.2: more than one Host header gets 400 (Node would silently keep the first).
    if (count(req.rawHeaders, 'host') > 1)
      return send(
        res,
        errorResponse('MALFORMED_REQUEST', { message: 'A request must carry exactly one Host header' }),
        true,
      );
    const refused = guard?.(req);
    if (refused) return send(res, refused, true);
    const routed = route?.(req);
    if (typeof routed === 'function') return routed(req, res);
    if (routed) return send(res, routed, false);
    // Most requests (every GET) have no body: they are answered in this tick, without a promise chain.
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)
      return respond(handle, req, res, undefined, false);
    readBody(
      req,
      (body, tooLarge) => respond(handle, req, res, body, tooLarge),
      () => res.destroy(),
    );
  });
  server.keepAliveTimeout = timeouts.keepAliveMs;
  server.on('connection', (socket: Socket) => LINGERING.set(socket, lingering));
  const refuseTunnel = (_req: IncomingMessage, socket: Socket) => {
    writeRawError(socket, tunnelRefusal ?? errorResponse('METHOD_NOT_ALLOWED'));
    // The tunnel's bytes come as the socket's own data here: read and dropped while lingering.
    socket.on('data', () => lingered(socket));
  };
  server.on('connect', refuseTunnel);
  // Without a listener, Node answers an Upgrade request as any other (the mock's way: it switches to nothing).
  if (tunnelRefusal) server.on('upgrade', refuseTunnel);
  // RFC 9110 §10.1.1: an expectation the server cannot meet gets 417 (Node's own 417 has no body).
  // `Expect: 100-continue` is met by Node itself and never comes here.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const message = `This server cannot meet the expectation "${String(req.headers.expect).slice(0, 100)}"; only 100-continue is supported`;
    send(res, errorResponse('EXPECTATION_FAILED', { message }), true);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket));
  await new Promise<void>((resolve, reject) =>
    server.once('error', (error) => reject(listenError(error, host, port))).listen(port, host, resolve),
  );
  const { port: bound } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    port: bound,
    close: (graceMs = 0) =>
      (closing ??= new Promise((resolve) => {
        server.close(() => {
          clearTimeout(grace);
          resolve();
        });
        server.closeIdleConnections();
        const grace = setTimeout(() => server.closeAllConnections(), graceMs);
        if (graceMs === 0) server.closeAllConnections();
      })),
  };
}

function respond(
  handle: Handle,
  req: IncomingMessage,
  res: ServerResponse,
  body: string | undefined,
  tooLarge: boolean,
): void {
  let response: CoreResponse | Promise<CoreResponse>;
  try {
    response = handle({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: singleAuthorization(req),
      body,
      bodyTooLarge: tooLarge,
    });
  } catch (error) {
    response = failed(error as Error);
  }
  if (response instanceof Promise)
    response.then(
      (answer) => send(res, answer, tooLarge),
      (error: Error) => send(res, failed(error), tooLarge),
    );
  else send(res, response, tooLarge);
}

function failed(error: Error): CoreResponse {
  return errorResponse('INTERNAL', { message: `The mock failed unexpectedly: ${error.message}` });
}

function send(res: ServerResponse, response: CoreResponse, closeAfter: boolean): void {
  const answer = { res, response, closeAfter };
  if (response.shaping) return deliverShaped(res, response, response.shaping, () => writeAtTurnEnd(answer));
  writeAtTurnEnd(answer);
}

interface Answer {
  res: ServerResponse;
  response: CoreResponse;
  closeAfter: boolean;
}

/** Every server's answers, written once the turn's I/O is done (at-turn-end.ts says why). */
const writeAtTurnEnd = atTurnEnd<Answer>(write, ({ res, closeAfter }, error) =>
  // A header Node refuses would be a bug of the kit's: that answer becomes a 500; the others still go out.
  res.headersSent ? res.destroy() : write({ res, response: failed(error as Error), closeAfter }),
);

function write({ res, response, closeAfter }: Answer): void {
  // An answer before the request's end: the connection cannot carry another request, and lingers (above).
  const early = !res.req.complete;
  if (closeAfter || early) response.headers.connection = 'close';
  if (response.body !== null) response.headers['content-length'] = String(Buffer.byteLength(response.body));
  res.writeHead(response.status, response.headers);
  res.end(response.body ?? undefined);
  if (early) lingerBeforeClose(res.req);
}

/** Why the server could not listen, said with the port and the fix when the port is taken. */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (error.code === 'EADDRINUSE')
    return new KitError(
      `listen on ${where}`,
      `port ${port} is already in use by another process`,
      'Stop that process, or start with --port 0 to take a free port (the banner prints it), or --port N for another.',
    );
  if (error.code === 'EACCES')
    return new KitError(`listen on ${where}`, `this user may not open port ${port}`, 'Use a port above 1023.');
  return error;
}

/** Each connection's lingering bounds (its server's), set as it opens. */
const LINGERING = new WeakMap<Socket, typeof LINGERING_CLOSE>();

/**
 * Keeps reading (and dropping) the rest of a request answered early, so the client can read the answer,
 * within LINGERING_CLOSE. Node ends a `Connection: close` socket once the answer is flushed and destroys it
 * at once (`destroySoon`); here it is ended (the client sees the answer and end of stream, as after nginx's
 * shutdown) and destroyed only once the request has been read to its end or a bound is reached.
 */
function lingerBeforeClose(req: IncomingMessage): void {
  const { socket } = req;
  const bounds = LINGERING.get(socket) ?? LINGERING_CLOSE;
  let discarded = 0;
  const close = () => socket.destroy();
  const timer = setTimeout(close, bounds.ms).unref();
  socket.once('close', () => clearTimeout(timer));
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > bounds.bytes) close();
  });
  req.once('end', () => (socket.writableFinished ? close() : socket.once('finish', close)));
  req.resume();
  socket.destroySoon = () => socket.end();
}

/**
 * Reads the body as UTF-8 text, stopping at MAX_BODY_BYTES: the rest is never read. Callbacks rather than a
 * promise, and a lone chunk decoded without a copy: a JSON body almost always arrives in one chunk.
 */
function readBody(
  req: IncomingMessage,
  done: (body: string | undefined, tooLarge: boolean) => void,
  failed: () => void,
): void {
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES) return done(undefined, true);
  let first: Buffer | undefined;
  let rest: Buffer[] | undefined;
  let size = 0;
  let settled = false;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      req.removeAllListeners('data').pause();
      settled = true;
      done(undefined, true);
    } else if (first === undefined) first = chunk;
    else (rest ??= [first]).push(chunk);
  });
  req.on('end', () => {
    if (settled) return;
    settled = true;
    done(rest ? Buffer.concat(rest).toString('utf8') : (first?.toString('utf8') ?? ''), false);
  });
  // An error after the answer was decided changes nothing (as a promise that already settled).
  req.on('error', () => settled || ((settled = true), failed()));
}

/** Malformed HTTP never reaches a handler; it still gets an Error body (Node would send a bare 400). */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET') return void socket.destroy();
  // Node's parser reports every later read of a broken request again: the answer is out, the bytes dropped.
  if (ANSWERED.has(socket)) return lingered(socket);
  if (!socket.writable) return void socket.destroy();
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'MALFORMED_REQUEST';
  writeRawError(socket, errorResponse(code));
}

/** Two Authorization headers reach the core as an array, which it refuses: Node would silently keep the first. */
function singleAuthorization(req: IncomingMessage): CoreRequest['headers'] {
  return count(req.rawHeaders, 'authorization') > 1
    ? { ...req.headers, authorization: req.headersDistinct.authorization }
    : req.headers;
}

/** How many times a header (lower-case name) was sent, from Node's raw name/value list. */
function count(rawHeaders: string[], name: string): number {
  let found = 0;
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i].length === name.length && rawHeaders[i].toLowerCase() === name) found++;
  return found;
}

/** Sockets answered by writeRawError, with the bytes read when they were: what they read since is dropped. */
const ANSWERED = new WeakMap<Socket, number>();

/**
 * An Error answer written straight to a socket that no request handler owns (client errors, CONNECT), then
 * a lingering close as for requests answered early (LINGERING_CLOSE): the client may still be sending.
 */
function writeRawError(socket: Socket, { status, headers, body }: CoreResponse): void {
  const fields = Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(body ?? '')) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${fields}connection: close\r\n\r\n${body ?? ''}`);
  ANSWERED.set(socket, socket.bytesRead);
  const timer = setTimeout(() => socket.destroy(), (LINGERING.get(socket) ?? LINGERING_CLOSE).ms).unref();
  socket.once('close', () => clearTimeout(timer));
}

/** More was read from a socket answered early: closed once past the byte bound. */
function lingered(socket: Socket): void {
  const { bytes } = LINGERING.get(socket) ?? LINGERING_CLOSE;
  if (socket.bytesRead - (ANSWERED.get(socket) ?? 0) > bytes) socket.destroy();
}
