// One request on a connection of its own, written and read byte for byte: what fetch and node:http cannot
// send or would hide. An HTTP/1.0 request (both speak only 1.1), and the content a server sends after a HEAD
// answer's headers (both drop it: "the server MUST NOT send content in the response", RFC 9110 §9.3.2). The
// answer comes back as a Response, so send() reads, records and judges it like any other; a HEAD answer's
// body is whatever bytes followed its headers. Every request says `Connection: close` (a 1.0 request closes
// by default): the end of the answer is the end of the connection, unless its framing says so earlier.
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { codingsToUndo, decodeWhole } from './content-codings.ts';
import { CLOSED_WITHOUT_RESPONSE } from './node-transport.ts';
import { BodyReadError } from './read-body.ts';

/** How a request goes on the wire when fetch cannot send it: HTTP/1.0, or HTTP/1.1 read byte for byte. */
export type Wire = 'http/1.0' | 'raw';

/** The header block read at most, as the suite's other transport (Node's default). */
const MAX_HEADER_BYTES = 16 * 1024;

export interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  wire: Wire;
}

/**
 * Sends `request` and resolves with the answer once it is complete: by its Content-Length, its last chunk,
 * or the close. Rejects on a connection error, bytes that are not HTTP, a header block past 16 KiB, an
 * answer past `maxBytes`, or `signal` (a HEAD answer whose connection stays open ends there with what came).
 */
export function rawExchange(request: RawRequest, signal: AbortSignal, maxBytes: number): Promise<Response> {
  const url = new URL(request.url);
  const head = request.method.toUpperCase() === 'HEAD';
  return new Promise<Response>((resolve, reject) => {
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const socket: Socket =
      url.protocol === 'https:'
        ? connectTls({ host, port, servername: /^[\d.:]+$/.test(host) ? undefined : host })
        : connectTcp({ host, port });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    /** Ends the exchange once: the connection closed, and the answer or the error given back. */
    const settle = (end: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      end();
    };
    const finish = (answer: Response) => settle(() => resolve(answer));
    const fail = (error: Error) => settle(() => reject(error));
    /** The answer once `chunks` hold a complete one; a fail when they cannot (not HTTP, a header block too long). */
    const complete = (closed: boolean): Response | undefined => {
      try {
        return parseAnswer(Buffer.concat(chunks), head, closed);
      } catch (error) {
        fail(error as Error);
        return undefined;
      }
    };
    const onAbort = () => {
      // A HEAD answer whose headers came is complete, whatever the connection does next.
      const answer = head ? complete(true) : undefined;
      if (answer) finish(answer);
      else fail(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('error', fail);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes)
        return fail(Object.assign(new Error(`answer past ${maxBytes} bytes`), { code: 'TOO_LARGE' }));
      const answer = complete(false);
      if (answer) finish(answer);
    });
    socket.once('end', () => {
      const answer = complete(true);
      if (answer) finish(answer);
      else
        fail(
          Object.assign(new Error(`the connection closed after ${size} bytes, before a complete answer`), {
            code: CLOSED_WITHOUT_RESPONSE,
          }),
        );
    });
    socket.write(requestBytes(request, url));
  });
}

/** The request as written: request line, Host, the headers given, Content-Length for a body, and close. */
function requestBytes({ method, headers, body, wire }: RawRequest, url: URL): Buffer {
  const version = wire === 'http/1.0' ? 'HTTP/1.0' : 'HTTP/1.1';
  const lines = [`${method} ${url.pathname}${url.search} ${version}`, `Host: ${url.host}`, 'Accept-Encoding: identity'];
  for (const [name, value] of Object.entries(headers))
    if (!/^(host|connection|content-length|transfer-encoding|accept-encoding)$/i.test(name))
      lines.push(`${name}: ${value}`);
  const content = body === undefined ? undefined : Buffer.from(body);
  if (content) lines.push(`Content-Length: ${content.length}`);
  lines.push('Connection: close', '', '');
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), ...(content ? [content] : [])]);
}

/**
 * The answer in `bytes` once complete (`closed`: nothing more will come), else undefined. A HEAD answer's body
 * is every byte after its headers; another's is framed by Transfer-Encoding chunked, Content-Length, or the
 * close (RFC 9112 §6.3), its content codings undone.
 */
function parseAnswer(bytes: Buffer, head: boolean, closed: boolean): Response | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) {
    if (bytes.length > MAX_HEADER_BYTES)
      throw Object.assign(new Error('header block past 16 KiB'), { code: 'HPE_HEADER_OVERFLOW' });
    return undefined;
  }
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(statusLine);
  if (!status)
    throw Object.assign(new Error(`not an HTTP status line: ${statusLine.slice(0, 40)}`), {
      code: 'HPE_INVALID_CONSTANT',
    });
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0)
      throw Object.assign(new Error(`not a header line: ${line.slice(0, 40)}`), { code: 'HPE_INVALID_HEADER_TOKEN' });
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const rest = bytes.subarray(end + 4);
  const code = Number(status[1]);
  // An interim answer (100 Continue, 103 Early Hints) comes before the final one.
  if (code < 200) return parseAnswer(rest, head, closed);
  if (head) return closed ? answer(code, headers, rest) : undefined;
  let content: Buffer | undefined;
  if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) content = dechunked(rest);
  else if (headers.has('content-length')) {
    const length = Number(headers.get('content-length'));
    content = rest.length >= length ? rest.subarray(0, length) : undefined;
  } else if (code === 204 || code === 304) content = Buffer.alloc(0);
  else content = closed ? rest : undefined;
  if (!content) return undefined;
  return answer(code, headers, decoded(content, headers.get('content-encoding') ?? undefined));
}

/** The content of a chunked body once its last chunk came, else undefined (RFC 9112 §7.1). */
function dechunked(bytes: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  for (let at = 0; ;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd === -1) return undefined;
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1').split(';')[0], 16);
    if (Number.isNaN(size))
      throw Object.assign(new Error('a chunk size that is not hex'), { code: 'HPE_INVALID_CHUNK_SIZE' });
    if (size === 0) return Buffer.concat(parts);
    if (bytes.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/**
 * Content codings undone, last applied first (RFC 9110 §8.4). The request asked for none (`identity`); content
 * that does not decode as labelled is kept as it came, for the checks to say it is not JSON.
 */
function decoded(content: Buffer, contentEncoding: string | undefined): Buffer {
  let body = content;
  for (const coding of codingsToUndo(contentEncoding)) {
    try {
      const undone = decodeWhole(coding, body);
      if (!undone) return body;
      body = undone;
    } catch {
      return content;
    }
  }
  return body;
}

/** A Response for send() to read (one that has no content by its status has no body). */
function answer(status: number, headers: Headers, body: Buffer): Response {
  const bodyless = status === 204 || status === 205 || status === 304 || body.length === 0;
  return new Response(bodyless ? null : new Uint8Array(body), { status, headers });
}
