// `startProxy`: a local server in front of a Pet Store deployment. It forwards every request under the
// Pet Store's base path (the interface's, `/v1`) and the quickstart's (`/quickstart`) to the target given
// for it, any method, and judges each exchange as verify would (judge.ts). It forwards nowhere else: it is
// no open proxy (host-guard.ts), other paths get 404, and `/__admin` is its own (admin-api.ts).
//
// @example
// const proxy = await startProxy({ target: 'https://staging.example.com/v1', recordPath: 'traffic.har' });
// // point the client at proxy.apiUrl; then
// await proxy.close();
// process.exitCode = proxy.tally.hasFailures() ? 1 : 0;
import { Agent as HttpAgent, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { KitError } from '../../src/shared/kit-error.ts';
import { withoutTrailingSlashes } from '../../src/shared/trailing-slashes.ts';
import { DEFAULT_RESPONSE_LIMITS } from '../../contract-tests/http/response-limits.ts';
import { serverBasePath } from '../prism/derive-prism-spec.ts';
import { answerAdmin } from './admin-api.ts';
import { ExchangeJournal } from './exchange-journal.ts';
import { harEntryOf } from './exchange-har.ts';
import { forwardExchange } from './forward-exchange.ts';
import { createProxyGuard } from './host-guard.ts';
import { createJudge, type Judge } from './judge.ts';
import { kitVersion } from './kit-version.ts';
import { matchOperation } from './match-operation.ts';
import { openHarRecorder, type HarRecorder } from './har-recorder.ts';
import { DEFAULT_JOURNAL_SIZE, DEFAULT_TIMEOUT_MS, type ProxyOptions } from './proxy-options.ts';
import { buildProxyReport, type ProxyReport } from './proxy-report.ts';
import { RunTally } from './run-tally.ts';

export const ADMIN_PATH = '/__admin';
/** Where the quickstart is served, as by the mock (the seed names only `{quickstart_base_url}`). */
export const QUICKSTART_PATH = '/quickstart';

export interface RunningProxy {
  /** The proxy's origin, e.g. http://127.0.0.1:4011. */
  url: string;
  /** Send Pet Store traffic here (the origin + the interface's base path, `/v1`). */
  apiUrl: string;
  /** Send quickstart traffic here; set when a quickstart target was given. */
  quickstartUrl?: string;
  adminUrl: string;
  judge: Judge;
  tally: RunTally;
  journal: ExchangeJournal;
  /** The run so far, as the report on exit. */
  report(): ProxyReport;
  /** Whether anything failed: an exchange, or the target's base URL itself. */
  hasFailures(): boolean;
  /** Stops accepting, lets the exchanges in flight finish (a few seconds at most), closes the HAR. */
  close(): Promise<void>;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const target = checkedUrl('--target', options.target);
  const quickstartTarget = options.quickstartTarget && checkedUrl('--quickstart-target', options.quickstartTarget);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limits = options.limits ?? DEFAULT_RESPONSE_LIMITS;
  const judge = await createJudge({ ...options, target, quickstartTarget, timeoutMs, limits });
  const { model } = judge.plan;
  const apiPath = serverBasePath(model.base.document.servers?.[0]);
  const tally = new RunTally();
  const journal = new ExchangeJournal(options.journalSize ?? DEFAULT_JOURNAL_SIZE);
  const creator = { name: 'petstore-kit proxy', version: kitVersion() };
  const recorder: HarRecorder | undefined = options.recordPath
    ? await openHarRecorder(options.recordPath, creator).catch((error: Error) => {
        throw new KitError(
          `open ${options.recordPath} to record`,
          error.message,
          'Pass a path in a folder you can write to.',
        );
      })
    : undefined;
  const host = options.host ?? '127.0.0.1';
  let port = 0;
  const guard = createProxyGuard({
    host,
    port: () => port,
    allowedHosts: options.allowedHosts,
    adminPath: ADMIN_PATH,
    adminOrigins: options.adminOrigins,
  });
  const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };
  let nextId = 1;
  const report = (): ProxyReport =>
    buildProxyReport({
      plan: judge.plan,
      tally,
      targetFindings: judge.targetFindings,
      target,
      quickstartTarget,
      via: `${origin()}${apiPath}`,
    });
  const origin = () => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const forwardContext = {
    agents,
    timeoutMs,
    maxBodyBytes: limits.maxBodyBytes,
    adminPath: ADMIN_PATH,
    judge: judge.judge,
    done(judged: Parameters<typeof journal.add>[0], material: Parameters<typeof harEntryOf>[0]) {
      tally.add(judged);
      journal.add(judged);
      recorder?.write(
        harEntryOf(
          material,
          judged,
          judge.secrets().filter((secret) => secret.length >= 4),
        ),
      );
      options.onExchange?.(judged);
    },
  };
  const adminContext = {
    adminPath: ADMIN_PATH,
    journal,
    report,
    adminOrigins: options.adminOrigins ?? [],
    creator,
    describe: () => ({
      target,
      quickstartTarget,
      apiPath,
      ...(quickstartTarget ? { quickstartPath: QUICKSTART_PATH } : {}),
      profile: report().profile,
    }),
  };

  const server = createServer((req, res) => {
    const { refusal, pathAndQuery } = guard(req);
    if (refusal) return refuse(res, refusal.status, refusal.code, refusal.message);
    const path = pathAndQuery.split('?')[0];
    if (path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`))
      return answerAdmin(adminContext, req, res, pathAndQuery);
    const mount = mountOf(path);
    if (!mount)
      return refuse(
        res,
        404,
        'NOT_FOUND',
        `The proxy forwards ${apiPath}/…${quickstartTarget ? ` and ${QUICKSTART_PATH}/…` : ''} only (its dashboard is at ${ADMIN_PATH}/): nothing is forwarded for ${path.slice(0, 200)}`,
      );
    const rest = pathAndQuery.slice(mount.path.length);
    const below = rest.split('?')[0];
    const ownServer = mount.path === QUICKSTART_PATH;
    const match = matchOperation(model.operations, ownServer, req.method ?? 'GET', below === '' ? '/' : below);
    forwardExchange(forwardContext, req, res, {
      id: nextId++,
      method: req.method ?? 'GET',
      clientUrl: `http://${req.headers.host ?? origin().slice('http://'.length)}${pathAndQuery}`,
      clientPath: pathAndQuery,
      targetUrl: new URL(`${withoutTrailingSlashes(mount.target)}${rest}`),
      operation: match?.operation,
      pathParams: match?.pathParams ?? {},
      pathDeclared: match !== undefined || declaresPath(ownServer, below),
    });
  });
  // A tunnel or a protocol switch is no forwarding by path: refused before a byte goes anywhere.
  const refuseRaw = (_req: IncomingMessage, socket: Socket) => {
    const body = JSON.stringify({
      code: 'NOT_A_FORWARD_PROXY',
      message: 'This proxy forwards only HTTP requests to its targets, by path: no tunnel, no protocol switch.',
      status: 403,
    });
    socket.end(
      `HTTP/1.1 403 Forbidden\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  };
  server.on('connect', refuseRaw);
  server.on('upgrade', refuseRaw);

  function mountOf(path: string): { path: string; target: string } | undefined {
    const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
    if (quickstartTarget && under(QUICKSTART_PATH)) return { path: QUICKSTART_PATH, target: quickstartTarget };
    if (under(apiPath) || apiPath === '') return { path: apiPath, target };
    return undefined;
  }

  function declaresPath(ownServer: boolean, path: string): boolean {
    const methods = new Set(model.operations.map((operation) => operation.method));
    return [...methods].some((method) => matchOperation(model.operations, ownServer, method, path) !== undefined);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  return {
    url: origin(),
    apiUrl: `${origin()}${apiPath}`,
    ...(quickstartTarget ? { quickstartUrl: `${origin()}${QUICKSTART_PATH}` } : {}),
    adminUrl: `${origin()}${ADMIN_PATH}/`,
    judge,
    tally,
    journal,
    report,
    hasFailures: () => tally.hasFailures() || judge.targetFindings.some((f) => f.severity === 'error'),
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // Exchanges in flight finish; one that streams without end is cut after a grace period.
        const grace = setTimeout(() => server.closeAllConnections(), 3000);
        await closed;
        clearTimeout(grace);
        agents['http:'].destroy();
        agents['https:'].destroy();
        await recorder?.close();
      })();
      return closing;
    },
  };
}

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  const body = JSON.stringify({ code, message, status });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
}

function checkedUrl(flag: string, url: string): string {
  if (!/^https?:\/\/[^/]/i.test(url) || !URL.canParse(url))
    throw new KitError(
      'start the proxy',
      `${flag} '${url}' is not an http(s) URL`,
      'Pass e.g. https://staging.example.com/v1.',
    );
  return withoutTrailingSlashes(url);
}
