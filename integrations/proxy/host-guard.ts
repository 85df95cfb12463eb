// What the proxy refuses before it forwards anything, so that it is no open proxy and no door for other
// web sites (the Host rules are the mock's, src/shared/host-names.ts):
// - It forwards only to its targets, whatever the request names: an absolute request target (RFC 9112
//   §3.2.2, what a client sends to a forward proxy) must name the proxy itself, and CONNECT is refused.
// - DNS rebinding: a page on evil.example whose name resolves to 127.0.0.1 sends `Host: evil.example`.
//   Bound to loopback, the proxy answers loopback names and addresses and the `--allowed-host` names only;
//   bound elsewhere, IP addresses too (no one can rebind an address).
// - Its admin API (the journal: what clients sent and got) is for its own dashboard and for scripts: a
//   request carrying another page's `Origin` is refused unless `--admin-origin` allowed it. No `*` CORS.
import type { IncomingMessage } from 'node:http';
import { canonicalHost, hostAllowList, sameOrigin } from '../../src/shared/host-names.ts';

export interface GuardOptions {
  /** The address the proxy is bound to. */
  host: string;
  /** The port it listens on (an absolute request target must name it). */
  port: () => number;
  /** Host names (or `.suffix` for a domain and its subdomains) answered besides loopback. */
  allowedHosts?: string[];
  /** The admin API's prefix, `/__admin`. */
  adminPath: string;
  /** Origins whose pages may call the admin API. */
  adminOrigins?: string[];
}

export interface Refusal {
  code: 'HOST_NOT_ALLOWED' | 'ORIGIN_NOT_ALLOWED' | 'NOT_A_FORWARD_PROXY';
  message: string;
}

export interface GuardVerdict {
  refusal?: Refusal;
  /** The path and query the request is for (an absolute target reduced to its path). */
  pathAndQuery: string;
}

export type ProxyGuard = (req: IncomingMessage) => GuardVerdict;

export function createProxyGuard({
  host,
  port,
  allowedHosts = [],
  adminPath,
  adminOrigins = [],
}: GuardOptions): ProxyGuard {
  const { loopback, allows: hostAllowed } = hostAllowList(host, allowedHosts);
  const origins = new Set(adminOrigins);
  const refusedHost = (name: string): Refusal => {
    const shown = name.slice(0, 200);
    const answers = loopback ? 'localhost and loopback addresses' : 'IP addresses and localhost';
    return {
      code: 'HOST_NOT_ALLOWED',
      message: `This proxy answers ${answers} only, not the Host "${shown}" (protection against DNS rebinding). To answer it, start the proxy with --allowed-host ${shown}`,
    };
  };

  return (req) => {
    const url = req.url ?? '/';
    if (req.method === 'CONNECT')
      return { pathAndQuery: url, refusal: notAProxy(`CONNECT ${url.slice(0, 200)} (a tunnel)`) };
    const hostHeader = req.headers.host;
    if (hostHeader !== undefined) {
      const named = canonicalHost(hostHeader);
      if (named === undefined || !hostAllowed(named))
        return { pathAndQuery: url, refusal: refusedHost(named ?? hostHeader) };
    }
    let pathAndQuery = url;
    if (!url.startsWith('/')) {
      // An absolute request target names the server the client meant (RFC 9112 §3.2.2): it must be this one.
      const absolute = URL.canParse(url) ? new URL(url) : undefined;
      const ownPort = String(port());
      const namesUs =
        absolute !== undefined &&
        absolute.protocol === 'http:' &&
        hostAllowed(absolute.hostname) &&
        (absolute.port || '80') === ownPort;
      if (!namesUs) return { pathAndQuery: url, refusal: notAProxy(url.slice(0, 200)) };
      pathAndQuery = `${absolute.pathname}${absolute.search}`;
    }
    const origin = req.headers.origin;
    const path = pathAndQuery.split('?')[0];
    const admin = path === adminPath || path.startsWith(`${adminPath}/`);
    if (admin && origin !== undefined && !origins.has(origin) && !sameOrigin(origin, hostHeader)) {
      return {
        pathAndQuery,
        refusal: {
          code: 'ORIGIN_NOT_ALLOWED',
          message: `The proxy's admin API does not answer pages on ${origin.slice(0, 200)}. To allow one, start the proxy with --admin-origin ${origin.slice(0, 200)}`,
        },
      };
    }
    return { pathAndQuery };
  };
}

function notAProxy(what: string): Refusal {
  return {
    code: 'NOT_A_FORWARD_PROXY',
    message: `This proxy forwards only to its targets, by path: it does not forward ${what}. Send the request to the proxy's own URL (e.g. /v1/pets)`,
  };
}
