// Where every server of the kit (the mock, the MSW handlers, Prism's mock and proxy, the proxy) serves, unless
// told otherwise, what the seed names only by a placeholder (`{quickstart_base_url}`: the quickstart beside
// the API, on the same origin) and what the seed does not know (the kit's own admin API and dashboard). The
// API's base path is the interface's own (`servers[0].url`: src/openapi/server-base-path.ts).

/** The quickstart's path on a server's origin (a choice of ours: the seed gives no quickstart URL). */
export const QUICKSTART_PATH = '/quickstart';

/** The admin API's and the dashboard's path: never forwarded, never part of the Pet Store. */
export const ADMIN_PATH = '/__admin';
