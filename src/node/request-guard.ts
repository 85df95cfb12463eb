// What a development server refuses before a request reaches the store, so that other web sites cannot
// drive it (issue 20): the mock binds to loopback, its development key is public, and its admin API resets
// the state and arms faults.
// - DNS rebinding: a page on evil.example can make its own name resolve to 127.0.0.1 and then send requests
//   to the mock as same-origin. They carry `Host: evil.example`. A server bound to loopback answers only
//   the loopback names and addresses (`localhost`, `*.localhost`, 127.0.0.0/8, [::1]) and the hosts the
//   user allowed; any other bind answers IP addresses, loopback names and the allowed hosts (no one can
//   rebind an IP address). Vite and webpack-dev-server refuse the same way.
// - The admin API is for the mock's own dashboard and for scripts: a request to it that a browser marks
//   with another page's `Origin` is refused, unless the user allowed that origin (`--admin-origin`).
import type { IncomingMessage } from 'node:http';
import { errorResponse } from '../core/errors.ts';
import { originRefused } from '../core/http/cors.ts';
import type { CoreResponse } from '../core/index.ts';
import { canonicalHost, hostAllowList, sameOrigin } from '../shared/host-names.ts';

export interface GuardOptions {
  /** The address the server is bound to. */
  host: string;
  /** Host names (or `.suffix` for a domain and its subdomains) answered besides the defaults. */
  allowedHosts?: string[];
  /** The admin API's prefix, e.g. `/__admin`. */
  adminPath: string;
  /** Origins whose pages may call the admin API. */
  adminOrigins?: string[];
}

export type RequestGuard = (req: IncomingMessage) => CoreResponse | undefined;

/** How many distinct Host values a guard remembers the verdict of (any more are judged each time). */
const KEPT_VERDICTS = 64;

/** Returns the refusal for a request the server must not answer, else undefined. */
export function createRequestGuard({
  host,
  allowedHosts = [],
  adminPath,
  adminOrigins = [],
}: GuardOptions): RequestGuard {
  const { loopback, allows: hostAllowed } = hostAllowList(host, allowedHosts);
  const origins = new Set(adminOrigins);
  const adminPrefix = `${adminPath}/`;
  // A client sends the same Host on every request: its verdict (the name refused, or '' when answered) is
  // kept for the few values a server sees, so parsing it costs once, not on every request.
  const verdicts = new Map<string, string>();
  const refusedName = (hostHeader: string): string => {
    let verdict = verdicts.get(hostHeader);
    if (verdict === undefined) {
      const named = canonicalHost(hostHeader);
      verdict = named !== undefined && hostAllowed(named) ? '' : (named ?? hostHeader);
      if (verdicts.size < KEPT_VERDICTS) verdicts.set(hostHeader, verdict);
    }
    return verdict;
  };

  return (req) => {
    const hostHeader = req.headers.host;
    if (hostHeader !== undefined) {
      const refused = refusedName(hostHeader);
      if (refused !== '') return hostRefused(refused, loopback);
    }
    // An absolute request target names the host the client meant, whatever its Host header says (RFC 9112 §3.2.2).
    const absolute =
      req.url !== undefined && !req.url.startsWith('/') && URL.canParse(req.url) ? new URL(req.url) : undefined;
    if (absolute && !hostAllowed(absolute.hostname)) return hostRefused(absolute.hostname, loopback);
    const path = absolute ? absolute.pathname : (req.url ?? '/');
    const origin = req.headers.origin;
    if (
      origin === undefined ||
      !(path.startsWith(adminPrefix) || path === adminPath || path.startsWith(`${adminPath}?`))
    )
      return undefined;
    if (origins.has(origin) || sameOrigin(origin, hostHeader)) return undefined;
    return errorResponse('ORIGIN_NOT_ALLOWED', { message: originRefused(origin) });
  };
}

function hostRefused(name: string, loopback: boolean): CoreResponse {
  const shown = name.slice(0, 200);
  const answers = loopback ? 'localhost and loopback addresses' : 'IP addresses and localhost';
  return errorResponse('HOST_NOT_ALLOWED', {
    message: `This server answers ${answers} only, not the Host "${shown}" (protection against DNS rebinding). To serve it, start the mock with --allowed-host ${shown}`,
  });
}
