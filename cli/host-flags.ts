// The flags that say who may reach a local server, shared by `serve` and `proxy`: the address it listens on,
// which Host names it answers besides loopback (DNS rebinding), which pages may call its admin API (CORS), and
// the rule that the public development key is never the key of a server the network can reach.
import { DEV_API_KEY } from '../src/shared/dev-api-key.ts';
import { canonicalHost, isLoopbackName } from '../src/shared/host-names.ts';
import { UsageError } from './usage-error.ts';

/** `--host`: an IP address or a host name to listen on (the port is `--port`'s). */
export function listenHost(text: string): string {
  const name = canonicalHost(text);
  if (name && hasPort(text, name))
    throw new UsageError(`--host: "${text}" holds a port; pass the address alone and the port with --port`);
  if (!name || !isHostName(name))
    throw new UsageError(`--host: expected an address or a host name such as 127.0.0.1 or 0.0.0.0, got "${text}"`);
  // Node listens on an IPv6 address written bare (`::1`), not as a URL writes it (`[::1]`).
  return text.startsWith('[') ? text.slice(1, -1) : text;
}

/**
 * The listen errors that come from `--host` (a name that does not resolve, an address this machine does not
 * have) as usage errors; any other error as it is.
 */
export function hostListenError(error: unknown, host: string): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME')
    return new UsageError(`--host ${host}: the name does not resolve; pass an address such as 127.0.0.1 or 0.0.0.0`);
  if (code === 'EADDRNOTAVAIL')
    return new UsageError(
      `--host ${host}: not an address of this machine; pass 127.0.0.1, 0.0.0.0 or one of its own addresses`,
    );
  return error;
}

/**
 * Bound beyond loopback, a server that accepts the public development key lets anyone on the network in: it
 * needs a key of its own (`--api-key` or PETSTORE_API_KEY). `keys`: the keys it would accept.
 */
export function refuseDevelopmentKeyBeyondLoopback(host: string, keys: readonly string[]): void {
  if (isLoopbackName(canonicalHost(host) ?? host) || !keys.includes(DEV_API_KEY)) return;
  throw new UsageError(
    `--host ${host} opens the server to the network, where the public development key "${DEV_API_KEY}" must not ` +
      'work: give a key of your own with --api-key KEY or PETSTORE_API_KEY',
  );
}

/**
 * `--allowed-host`: a host name or an IP address, or `.domain` for a domain and its subdomains: what the
 * allowlist honours (src/shared/host-names.ts), as it compares Host headers (lower case, IDN as punycode).
 * A pattern it cannot honour (a wildcard, a port, a URL) is refused, never kept as a name no request matches.
 */
export function allowedHost(text: string): string {
  const suffix = text.startsWith('.');
  const name = canonicalHost(suffix ? text.slice(1) : text);
  const refuse = (why: string) => new UsageError(`--allowed-host: ${why}`);
  if (text.includes('*'))
    throw refuse(
      `"${text}" is a wildcard, which is not matched; pass .example.test for example.test and its subdomains`,
    );
  if (text.includes('://'))
    throw refuse(`"${text}" is a URL; pass its host name alone, e.g. app.test (every port and scheme is answered)`);
  if (name && hasPort(suffix ? text.slice(1) : text, name))
    throw refuse(`"${text}" holds a port, which is not matched; pass the name alone (every port is answered)`);
  if (!name || !isHostName(name) || (suffix && isIpAddress(name)))
    throw refuse(`expected a host name such as app.test or .example.test, or an address, got "${text}"`);
  return suffix ? `.${name}` : name;
}

/** `--admin-origin`: an origin as browsers send it (scheme, host and port; no path). */
export function adminOrigin(text: string): string {
  const origin = URL.canParse(text) ? new URL(text).origin : 'null';
  if (origin === 'null' || origin !== text.replace(/\/$/, ''))
    throw new UsageError(`--admin-origin: expected an origin such as http://localhost:5173, got "${text}"`);
  return origin;
}

/** A DNS name (letters, digits, `-` and `_` between dots) or an IP address, as canonicalHost writes them. */
function isHostName(name: string): boolean {
  if (name.startsWith('[')) return name.endsWith(']');
  return name.split('.').every((label) => label.length > 0 && label.length <= 63 && [...label].every(isLabelCharacter));
}

function isLabelCharacter(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c === '-' || c === '_';
}

/** An IPv6 address (in brackets, as canonicalHost writes it) or an IPv4 one (URL leaves only dotted decimals). */
function isIpAddress(name: string): boolean {
  return name.startsWith('[') || name.split('.').every((label) => [...label].every((c) => c >= '0' && c <= '9'));
}

/** Whether `text`, read as `name` by canonicalHost, carried a port: a colon beside the address, not inside it. */
function hasPort(text: string, name: string): boolean {
  if (!name.startsWith('[')) return text.includes(':');
  return text.startsWith('[') && text.slice(text.indexOf(']') + 1).includes(':');
}
