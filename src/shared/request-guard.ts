// What every server the kit runs (the mock, the proxy) refuses before a request reaches what answers it, so
// that other web sites cannot drive it (issue 20) and the proxy is no open proxy (issue 28). One guard; each
// server turns a refusal into its own Error body (src/node/request-guard.ts, the proxy's start-proxy.ts).
// - DNS rebinding (host-names.ts): a page on evil.example whose name resolves to 127.0.0.1 sends
//   `Host: evil.example`. Bound to loopback, a server answers the loopback names and addresses and the
//   `--allowed-host` names only; bound elsewhere, IP addresses too.
// - An absolute request target (RFC 9112 §3.2.2) names the host the client meant, whatever its Host header
//   says: it must be allowed too. A proxy forwards only to its targets, by path: such a target must name the
//   proxy itself, and CONNECT (a tunnel) is refused.
// - The admin API (the state, the journal: what clients sent) is for the server's own dashboard and for
//   scripts: a request carrying another page's `Origin` is refused unless `--admin-origin` allowed it.
import { canonicalHost, hostAllowList, sameOrigin } from './host-names.ts';

export interface GuardOptions {
  /** The address the server is bound to. */
  host: string;
  /** Host names (or `.suffix` for a domain and its subdomains) answered besides the defaults. */
  allowedHosts?: readonly string[];
  /** The admin API's prefix, e.g. `/__admin`. */
  adminPath: string;
  /** Origins whose pages may call the admin API. */
  adminOrigins?: readonly string[];
  /** A proxy's own port: an absolute request target must name the proxy itself, and CONNECT is refused. */
  proxyPort?: () => number;
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

/** The part of a request the guard reads (node:http's IncomingMessage has it). */
export interface GuardedRequest {
  method?: string;
  url?: string;
  headers: { host?: string; origin?: string };
}

/** How many distinct Host values a guard remembers the verdict of (any more are judged each time). */
const KEPT_VERDICTS = 64;

export function createRequestGuard(options: GuardOptions): (req: GuardedRequest) => GuardVerdict {
  const { adminPath, proxyPort } = options;
  const { loopback, allows: hostAllowed } = hostAllowList(options.host, options.allowedHosts);
  const origins = new Set(options.adminOrigins);
  const server = proxyPort ? 'proxy' : 'mock';
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
  const hostRefused = (name: string): Refusal => {
    const shown = name.slice(0, 200);
    const answers = loopback ? 'localhost and loopback addresses' : 'IP addresses and localhost';
    return {
      code: 'HOST_NOT_ALLOWED',
      message: `This ${proxyPort ? 'proxy' : 'server'} answers ${answers} only, not the Host "${shown}" (protection against DNS rebinding). To ${proxyPort ? 'answer' : 'serve'} it, start the ${server} with --allowed-host ${shown}`,
    };
  };

  return (req) => {
    const url = req.url ?? '/';
    if (proxyPort && req.method === 'CONNECT')
      return { pathAndQuery: url, refusal: notAProxy(`CONNECT ${url.slice(0, 200)} (a tunnel)`) };
    const hostHeader = req.headers.host;
    if (hostHeader !== undefined) {
      const refused = refusedName(hostHeader);
      if (refused !== '') return { pathAndQuery: url, refusal: hostRefused(refused) };
    }
    let pathAndQuery = url;
    if (!url.startsWith('/')) {
      const absolute = URL.canParse(url) ? new URL(url) : undefined;
      if (proxyPort) {
        const namesUs =
          absolute !== undefined &&
          absolute.protocol === 'http:' &&
          hostAllowed(absolute.hostname) &&
          (absolute.port || '80') === String(proxyPort());
        if (!namesUs) return { pathAndQuery: url, refusal: notAProxy(url.slice(0, 200)) };
      } else if (absolute && !hostAllowed(absolute.hostname))
        return { pathAndQuery: url, refusal: hostRefused(absolute.hostname) };
      if (absolute) pathAndQuery = `${absolute.pathname}${absolute.search}`;
    }
    const origin = req.headers.origin;
    if (origin === undefined || origins.has(origin) || sameOrigin(origin, hostHeader)) return { pathAndQuery };
    const path = pathAndQuery.split('?')[0];
    if (path !== adminPath && !path.startsWith(`${adminPath}/`)) return { pathAndQuery };
    const shown = origin.slice(0, 200);
    return {
      pathAndQuery,
      refusal: {
        code: 'ORIGIN_NOT_ALLOWED',
        message: proxyPort
          ? `The proxy's admin API does not answer pages on ${shown}. To allow one, start the proxy with --admin-origin ${shown}`
          : originRefused(origin),
      },
    };
  };
}

/** The mock's refusal of a page's origin, for its admin API here and its preflight (src/core/http/cors.ts). */
export function originRefused(origin: string): string {
  const shown = origin.slice(0, 200);
  return `The admin API does not answer pages on ${shown}: start the mock with --admin-origin ${shown} to allow it`;
}

function notAProxy(what: string): Refusal {
  return {
    code: 'NOT_A_FORWARD_PROXY',
    message: `This proxy forwards only to its targets, by path: it does not forward ${what}. Send the request to the proxy's own URL (e.g. /v1/pets)`,
  };
}
