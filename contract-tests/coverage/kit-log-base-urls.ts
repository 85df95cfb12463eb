// Where the traffic of a HAR log went, when petstore-kit wrote the log: `serve`'s journal
// (`GET /__admin/requests.har`, the dashboard's Export HAR, `store.requests.har()`) and the proxy's
// (`--record`, its own `/__admin/requests.har`) put the API under the interface's base path (`/v1`) and the
// quickstart under QUICKSTART_PATH on one origin, so the first entry's origin gives both. A log another
// tool wrote (a browser, Playwright) holds the page's other requests too, on origins of its own: there the
// base URL is the user's to give (`--base-url`).
import { QUICKSTART_PATH } from '../../src/shared/mount-paths.ts';

export interface KitLogBaseUrls {
  baseUrl: string;
  quickstartUrl: string;
}

/** The log's creator as it names itself (`petstore-kit proxy 0.1.0`), when it does. */
export function logCreator(log: unknown): string | undefined {
  const creator = field(field(log, 'log'), 'creator');
  const name = field(creator, 'name');
  const version = field(creator, 'version');
  if (typeof name !== 'string') return undefined;
  return typeof version === 'string' && version ? `${name} ${version}` : name;
}

/**
 * The base URLs of a log petstore-kit wrote (its creator `petstore-kit` or `petstore-kit proxy`), from its
 * first entry's origin; undefined for another tool's log, or one with no entry whose URL parses.
 *
 * @example
 * kitLogBaseUrls(JSON.parse(har), '/v1'); // { baseUrl: 'http://127.0.0.1:4010/v1', quickstartUrl: 'http://127.0.0.1:4010/quickstart' }
 */
export function kitLogBaseUrls(log: unknown, apiPath: string): KitLogBaseUrls | undefined {
  const name = field(field(field(log, 'log'), 'creator'), 'name');
  if (name !== 'petstore-kit' && name !== 'petstore-kit proxy') return undefined;
  const entries = field(field(log, 'log'), 'entries');
  const url = Array.isArray(entries) ? field(field(entries[0], 'request'), 'url') : undefined;
  if (typeof url !== 'string' || !URL.canParse(url)) return undefined;
  const { origin } = new URL(url);
  if (origin === 'null') return undefined;
  return { baseUrl: `${origin}${apiPath}`, quickstartUrl: `${origin}${QUICKSTART_PATH}` };
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
