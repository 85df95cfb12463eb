// Bytes over a plain socket, for requests fetch refuses to send (garbage request lines, duplicate
// or oversized headers, lying Content-Length, stalls) and a minimal parser of what comes back.
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  /** Everything the server wrote before closing (or before the wait ran out). */
  raw: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** True when the server closed the connection; false when the wait ran out first. */
  closed: boolean;
}

/** Connects to the origin's port on 127.0.0.1. */
export function openSocket(origin: string): Promise<Socket> {
  const socket = connect(Number(new URL(origin).port), '127.0.0.1');
  return new Promise((resolve, reject) => socket.once('connect', () => resolve(socket)).once('error', reject));
}

/**
 * Sends `text` and collects the answer until the server closes the connection or `waitMs` runs out
 * (a guard against hangs, not a timing assertion). Send `Connection: close` to get the close promptly.
 */
export async function rawExchange(origin: string, text: string | Buffer, waitMs = 120_000): Promise<RawResponse> {
  const socket = await openSocket(origin);
  const raw = await collect(socket, waitMs, () => socket.write(text));
  return { ...parseFirstResponse(raw.text), raw: raw.text, closed: raw.closed };
}

/** Collects what arrives on `socket` until it closes or `waitMs` passes; `start` runs once listening. */
export function collect(
  socket: Socket,
  waitMs: number,
  start: () => void = () => undefined,
): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('utf8'), closed });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('close', () => finish(true));
    // A reset after the answer was sent is still a close; the bytes already read count.
    socket.on('error', () => undefined);
    start();
  });
}

/** Parses the first HTTP/1.1 response in `raw` (Content-Length or chunked body). */
export function parseFirstResponse(raw: string): Omit<RawResponse, 'raw' | 'closed'> {
  const headEnd = raw.indexOf('\r\n\r\n');
  const head = headEnd === -1 ? raw : raw.slice(0, headEnd);
  const [statusLine, ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = headEnd === -1 ? '' : raw.slice(headEnd + 4);
  if (headers['content-length'] !== undefined)
    body = Buffer.from(body).subarray(0, Number(headers['content-length'])).toString('utf8');
  else if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  return { status, headers, body };
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (lineEnd === -1 || !size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** A request as raw text: `GET /path HTTP/1.1` plus the given header lines, Host and Connection: close by default. */
export function rawRequest(requestLine: string, headerLines: string[] = [], body = ''): string {
  const lines = [
    requestLine,
    ...(headerLines.some((h) => /^host:/i.test(h)) ? [] : ['Host: 127.0.0.1']),
    ...headerLines,
  ];
  if (!headerLines.some((h) => /^connection:/i.test(h))) lines.push('Connection: close');
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
