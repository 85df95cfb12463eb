// Which headers a proxy passes on. RFC 9110 §7.6.1: Connection and every header it names are for one
// connection only, as are Keep-Alive, Proxy-Connection, TE, Trailer, Transfer-Encoding and Upgrade; the
// framing is the proxy's own on each side (Node writes Content-Length or chunked itself). Everything else
// goes through as sent, in order and with repeated names (Set-Cookie) kept; Content-Encoding above all, so
// a compressed answer reaches the client compressed. §7.6.3: each side gets a `Via` naming the proxy.
import { randomBytes } from 'node:crypto';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // Meant for a proxy, and this one authenticates no one: never passed on (they may carry credentials).
  'proxy-authorization',
  'proxy-authenticate',
]);

/**
 * The `Via` entry of one running proxy (RFC 9110 §7.6.3: protocol version and a pseudonym), its pseudonym
 * unique to it (`petstore-kit-proxy-` and a random token), so that it knows a request that has already passed
 * through it: a target that leads back to the proxy (§7.6.3: "Via … can be used to detect forwarding loops").
 */
export function viaEntry(): { entry: string; pseudonym: string } {
  const pseudonym = `petstore-kit-proxy-${randomBytes(6).toString('hex')}`;
  return { entry: `1.1 ${pseudonym}`, pseudonym };
}

/**
 * The end-to-end headers of a raw header list (`message.rawHeaders`: name, value, name, value…), as pairs.
 * `drop` names more headers to leave out (lower case).
 */
export function endToEnd(rawHeaders: string[], drop: readonly string[] = []): [string, string][] {
  const named = new Set<string>(drop);
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].toLowerCase() !== 'connection') continue;
    for (const token of rawHeaders[i + 1].split(',')) named.add(token.trim().toLowerCase());
  }
  const kept: [string, string][] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (!HOP_BY_HOP.has(name) && !named.has(name)) kept.push([rawHeaders[i], rawHeaders[i + 1]]);
  }
  return kept;
}

/** The pairs with this proxy's `entry` appended to `Via` (one field, after any the message carried). */
export function withVia(headers: [string, string][], entry: string): [string, string][] {
  const via = headers.filter(([name]) => name.toLowerCase() === 'via').map(([, value]) => value);
  return [...headers.filter(([name]) => name.toLowerCase() !== 'via'), ['Via', [...via, entry].join(', ')]];
}

/** Pairs as Node's flat header list (`writeHead(status, [name, value, …])`, `request({ headers: [...] })`). */
export function flat(headers: [string, string][]): string[] {
  return headers.flat();
}
