// The Host rules of every server the kit runs (the mock and the proxy, through src/shared/request-guard.ts),
// written once. Against DNS rebinding (a page on evil.example whose name
// resolves to 127.0.0.1 sends `Host: evil.example`): a server bound to loopback answers the loopback names
// and addresses and the hosts the user allowed; bound elsewhere, IP addresses too (no one can rebind an
// address). Vite and webpack-dev-server refuse the same way. Pure: no node:*, so every floor may use it.

/** Whether a server bound to `host` answers a request for each host name, and whether it is on loopback. */
export interface HostAllowList {
  /** The server is bound to a loopback name or address. */
  loopback: boolean;
  /** Whether a canonical host name (see `canonicalHost`) is answered. */
  allows(name: string): boolean;
}

/**
 * @param host the address the server is bound to
 * @param allowedHosts names answered besides the defaults, or `.suffix` for a domain and its subdomains
 */
export function hostAllowList(host: string, allowedHosts: readonly string[] = []): HostAllowList {
  const loopback = isLoopbackName(canonicalHost(host) ?? host);
  const allowed = allowedHosts.map((entry) =>
    (entry.startsWith('.') ? entry : (canonicalHost(entry) ?? entry)).toLowerCase(),
  );
  return {
    loopback,
    allows: (name) =>
      isLoopbackName(name) ||
      (!loopback && isIpAddress(name)) ||
      allowed.some((entry) =>
        entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry,
      ),
  };
}

/** The host of a `Host` header (or a bind address) as a URL writes it: lower case, `[::1]` for IPv6, no port. */
export function canonicalHost(host: string): string | undefined {
  const bare = host.includes(':') && !host.startsWith('[') && isIpv6(host) ? `[${host}]` : host;
  try {
    const { hostname, username, password, pathname, search, hash } = new URL(`http://${bare}`);
    // Anything but a host and a port (`a@b`, `a/b`) is not a Host header.
    if (username || password || pathname !== '/' || search || hash) return undefined;
    return hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  } catch {
    return undefined;
  }
}

/** `localhost`, a name under it (RFC 6761 §6.3), an address of 127.0.0.0/8, or ::1. */
export function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name === '[::1]' || name === '::1') return true;
  // An IPv4-mapped loopback address, as URL writes it: [::ffff:7f00:1].
  if (name.startsWith('[::ffff:7f')) return true;
  return isIpv4(name) && name.startsWith('127.');
}

/** Whether `origin` is the server's own (its dashboard's), as named by the request's Host. */
export function sameOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined || !URL.canParse(origin) || !URL.canParse(`http://${host}`)) return false;
  return new URL(origin).origin === new URL(`http://${host}`).origin;
}

/** An IP address as a URL writes a host: dotted IPv4, or IPv6 in brackets (or bare). */
function isIpAddress(name: string): boolean {
  return isIpv4(name) || isIpv6(name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name);
}

/** Four decimal numbers 0-255 joined by dots: the only form URL leaves an IPv4 host in. */
function isIpv4(name: string): boolean {
  const parts = name.split('.');
  return (
    parts.length === 4 &&
    parts.every(
      (part) =>
        part.length > 0 && part.length <= 3 && [...part].every((c) => c >= '0' && c <= '9') && Number(part) <= 255,
    )
  );
}

/** Whether URL reads the text as an IPv6 address (it parses only valid ones inside brackets). */
function isIpv6(text: string): boolean {
  return text.includes(':') && !text.includes('[') && URL.canParse(`http://[${text}]/`);
}
