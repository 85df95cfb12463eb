// Which requests the MSW handlers capture, and where the core finds them. The core routes by path
// alone (basePath, quickstartPath, adminPath), while MSW sees full URLs: this file maps one to the other.
import { KitError } from '../src/shared/kit-error.ts';
import { withoutTrailingSlashes } from '../src/shared/trailing-slashes.ts';
import { escapeRegExp } from '../src/shared/escape-reg-exp.ts';

/** One URL prefix the handlers capture; `rewrite` moves a captured request into the core's path space. */
export interface Capture {
  /** Matches `origin + prefix` exactly or followed by `/…` (MSW tests RegExps against origin + path). */
  pattern: RegExp;
  rewrite?: (request: Request) => Promise<Request>;
}

export interface Mounts {
  basePath: string;
  quickstartPath: string;
  captures: Capture[];
}

/**
 * Where quickstart requests from another origin go inside the core. On its own host the quickstart's
 * path may equal the Pet Store's (both `/`, both `/v1`), and the core could not tell them apart.
 */
export const FOREIGN_QUICKSTART_MOUNT = '/__quickstart';

export function resolveMounts(baseUrl: string, quickstartUrl: string | undefined, adminPath: string): Mounts {
  const api = parseUrl(baseUrl, 'baseUrl');
  const quick =
    quickstartUrl === undefined ? new URL(`${api.origin}/quickstart`) : parseUrl(quickstartUrl, 'quickstartUrl');
  const basePath = withoutTrailingSlashes(api.pathname);
  const quickPath = withoutTrailingSlashes(quick.pathname);
  const captures: Capture[] = [{ pattern: prefix(api.origin, basePath) }, { pattern: prefix(api.origin, adminPath) }];

  if (quick.origin !== api.origin) {
    captures.push({
      pattern: prefix(quick.origin, quickPath),
      rewrite: (request) => moveUnder(request, quickPath, FOREIGN_QUICKSTART_MOUNT),
    });
    return { basePath, quickstartPath: FOREIGN_QUICKSTART_MOUNT, captures };
  }
  if (quickPath !== basePath) captures.push({ pattern: prefix(quick.origin, quickPath) });
  return { basePath, quickstartPath: quickPath, captures };
}

function parseUrl(value: string, name: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new KitError(
      'create MSW handlers',
      `${name} ${JSON.stringify(value)} is not an absolute URL`,
      'Pass e.g. "https://api.petstore.example/v1".',
    );
  }
  if (url.search || url.hash) {
    throw new KitError(
      'create MSW handlers',
      `${name} ${JSON.stringify(value)} has a query or fragment`,
      'Pass the base URL only.',
    );
  }
  return url;
}

function prefix(origin: string, path: string): RegExp {
  return new RegExp(`^${escapeRegExp(origin + path)}(?:/.*)?$`);
}

/** A copy of the request with its path moved from one prefix to another; method, headers and body unchanged. */
async function moveUnder(request: Request, from: string, to: string): Promise<Request> {
  const url = new URL(request.url);
  url.pathname = to + url.pathname.slice(from.length);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  return new Request(url, { method: request.method, headers: request.headers, body });
}
