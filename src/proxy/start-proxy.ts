// `startProxy`: a local server in front of a Pet Store deployment. It forwards every request under the
// Pet Store's base path (the interface's, `/v1`) and the quickstart's (`/quickstart`) to the target given
// for it, any method, and judges each exchange as verify would (contract-tests/exchange/judge.ts). It
// forwards nowhere else: it is no open proxy (src/shared/request-guard.ts), a path some server would read as another is
// refused (path-readings.ts), other paths get 404, a request that has already passed through it gets 508 (its
// own `Via` entry: a target that leads back to it), and `/__admin` is its own (admin-api.ts). It answers
// pages' preflights itself (page-cors.ts). Every refusal carries the Error body of proxy-errors.ts.
// It runs on the mock's server shell (src/node/listen.ts: what HTTP itself requires, limits, timeouts, the
// lingering close); what differs is where an answer comes from: the target, decided on the request's head.
//
// @example
// const proxy = await startProxy({ target: 'https://staging.example.com/v1', recordPath: 'traffic.har' });
// // point the client at proxy.apiUrl; then
// await proxy.close();
// process.exitCode = proxy.tally.hasFailures() ? 1 : 0;
import { Agent as HttpAgent, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import type { CoreResponse } from '../core/index.ts';
import { listen, type Streamed } from '../node/listen.ts';
import { hostAllowList } from '../shared/host-names.ts';
import { KitError } from '../shared/kit-error.ts';
import { withoutTrailingSlashes } from '../shared/trailing-slashes.ts';
import { DEFAULT_RESPONSE_LIMITS } from '../../contract-tests/http/response-limits.ts';
import { serverBasePath } from '../openapi/server-base-path.ts';
import { answerAdmin } from './admin-api.ts';
import { ExchangeJournal } from './exchange-journal.ts';
import { harEntryOf } from './exchange-har.ts';
import { forwardExchange, type Upstream } from './forward-exchange.ts';
import { viaEntry } from './hop-by-hop.ts';
import { createRequestGuard } from '../shared/request-guard.ts';
import { createJudge, type Judge } from '../../contract-tests/exchange/judge.ts';
import { kitVersion } from './kit-version.ts';
import { matchOperation, methodsAt, sideRoadOf } from '../../contract-tests/exchange/match-operation.ts';
import { openHarRecorder, type HarRecorder } from './har-recorder.ts';
import { PAGE_CORS, preflightAnswer } from './page-cors.ts';
import { ambiguityOf } from './path-readings.ts';
import { proxyError } from './proxy-errors.ts';
import { DEFAULT_JOURNAL_SIZE, DEFAULT_TIMEOUT_MS, type ProxyOptions } from './proxy-options.ts';
import { buildProxyReport, type ProxyReport } from './proxy-report.ts';
import { RunTally } from './run-tally.ts';
import { trafficCells } from '../../contract-tests/coverage/traffic-cells.ts';
import { ADMIN_PATH, QUICKSTART_PATH } from '../shared/mount-paths.ts';

export interface RunningProxy {
  /** The proxy's origin, e.g. http://127.0.0.1:4020. */
  url: string;
  /** Send Pet Store traffic here (the origin + the interface's base path, `/v1`). */
  apiUrl: string;
  /** Send quickstart traffic here; set when a quickstart target was given. */
  quickstartUrl?: string;
  adminUrl: string;
  /** Whether the admin API asks for a key (the proxy can be reached from other machines). */
  adminNeedsKey: boolean;
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
  // Axis 2 of coverage over what it forwarded (docs/coverage.md): read before the judge redacts anything.
  const traffic = trafficCells(model, { baseUrl: target, quickstartUrl: quickstartTarget });
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
  const guard = createRequestGuard({
    host,
    proxyPort: () => port,
    allowedHosts: options.allowedHosts,
    adminPath: ADMIN_PATH,
    adminOrigins: options.adminOrigins,
  });
  // Reachable from other machines (bound beyond loopback, or answering other names): the admin API, which
  // shows what clients sent, asks for a key as the mock's does.
  const adminNeedsKey = !hostAllowList(host).loopback || (options.allowedHosts?.length ?? 0) > 0;
  const via = viaEntry();
  const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };
  const apiUpstream = upstreamOf(target);
  const quickstartUpstream = quickstartTarget ? upstreamOf(quickstartTarget) : undefined;
  let nextId = 1;
  // The targets as the report and the dashboard show them: a password in their userinfo never is.
  const shown = (url: string) => judge.redactor().text(url);
  const report = (): ProxyReport =>
    buildProxyReport({
      plan: judge.plan,
      tally,
      targetFindings: judge.targetFindings,
      target: shown(target),
      quickstartTarget: quickstartTarget && shown(quickstartTarget),
      via: `${origin()}${apiPath}`,
      coverage: traffic.coverage({ minimum: options.minCoverage }),
    });
  const origin = () => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const forwardContext = {
    agents,
    timeoutMs,
    maxBodyBytes: limits.maxBodyBytes,
    adminPath: ADMIN_PATH,
    via: via.entry,
    judge(captured: Parameters<typeof judge.judge>[0]) {
      const { request, response } = captured;
      traffic.add({
        request: { method: captured.method, ...request },
        ...(response ? { response: { status: response.status, headers: response.headers } } : {}),
        startedAt: captured.startedAt,
      });
      return judge.judge(captured);
    },
    done(judged: Parameters<typeof journal.add>[0], material: Parameters<typeof harEntryOf>[0]) {
      tally.add(judged);
      journal.add(judged);
      recorder?.write(harEntryOf(material, judged, judge.redactor()));
      options.onExchange?.(judged);
    },
  };
  const adminContext = {
    adminPath: ADMIN_PATH,
    journal,
    report,
    adminOrigins: options.adminOrigins ?? [],
    keys: adminNeedsKey ? (options.apiKeys ?? []) : undefined,
    creator,
    describe: () => ({
      target: shown(target),
      quickstartTarget: quickstartTarget && shown(quickstartTarget),
      apiPath,
      ...(quickstartTarget ? { quickstartPath: QUICKSTART_PATH } : {}),
      profile: report().profile,
    }),
  };

  /** Where each request's answer comes from, decided on its head: a refusal, a preflight's answer, the target. */
  const route = (req: IncomingMessage): CoreResponse | Streamed | undefined => {
    const { refusal, pathAndQuery } = guard(req);
    if (refusal) return proxyError(refusal.code, refusal.message);
    const queryAt = pathAndQuery.indexOf('?');
    const path = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
    const admin = path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`);
    // A page's request to the API (it carries an Origin): the proxy's answers carry CORS headers, as the mock's.
    const forPage = !admin && req.headers.origin !== undefined;
    const cors = forPage ? PAGE_CORS : {};
    const ambiguity = ambiguityOf(path);
    if (ambiguity)
      return proxyError(
        'AMBIGUOUS_PATH',
        `The proxy forwards no path that a server may read as another one, and ${clipped(path)} has ${ambiguity}: nothing was forwarded. Send the path as it is meant, e.g. ${apiPath}/pets/1`,
        cors,
      );
    // The admin API is a core handler: the shell reads the request and `answerAdmin` answers it.
    if (admin) return undefined;
    const mount = mountOf(path);
    if (!mount)
      return proxyError(
        'NOT_FOUND',
        `The proxy forwards ${apiPath}/…${quickstartTarget ? ` and ${QUICKSTART_PATH}/…` : ''} only (its dashboard is at ${ADMIN_PATH}/): nothing is forwarded for ${clipped(path)}`,
        cors,
      );
    const rest = pathAndQuery.slice(mount.path.length);
    const below = rest.split('?')[0];
    const ownServer = mount.path === QUICKSTART_PATH;
    const method = req.method ?? 'GET';
    if (forPage && method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      const declared = methodsAt(model.operations, ownServer, below === '' ? '/' : below);
      const headers = preflightAnswer(declared, req.headers['access-control-request-method'], requestedHeaders(req));
      return { status: 204, headers, body: null };
    }
    if (req.headers.via?.includes(via.pseudonym))
      return proxyError(
        'LOOP_DETECTED',
        `This request has already passed through this proxy (its Via header names ${via.pseudonym}): the target leads back to the proxy itself. Point --target at the deployment, not at the proxy.`,
        { via: via.entry, ...cors },
      );
    const match = matchOperation(model.operations, ownServer, method, below === '' ? '/' : below);
    const upstream = mount.upstream;
    const targetPath = `${upstream.path}${rest}`;
    const forwarding = {
      id: nextId++,
      method,
      clientUrl: `http://${req.headers.host ?? origin().slice('http://'.length)}${pathAndQuery}`,
      clientPath: pathAndQuery,
      upstream,
      targetPath: targetPath.startsWith('/') ? targetPath : `/${targetPath}`,
      forPage,
      operation: match?.operation,
      pathParams: match?.pathParams ?? {},
      pathDeclared: match !== undefined || methodsAt(model.operations, ownServer, below).length > 0,
      sideRoadOf: match ? undefined : sideRoadOf(model.operations, ownServer, method, below === '' ? '/' : below),
    };
    return (req, res) => forwardExchange(forwardContext, req, res, forwarding);
  };

  function mountOf(path: string): { path: string; upstream: Upstream & { path: string } } | undefined {
    const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
    if (quickstartUpstream && under(QUICKSTART_PATH)) return { path: QUICKSTART_PATH, upstream: quickstartUpstream };
    if (under(apiPath) || apiPath === '') return { path: apiPath, upstream: apiUpstream };
    return undefined;
  }

  const server = await listen((request) => answerAdmin(adminContext, request), {
    host,
    port: options.port ?? 0,
    route,
    // A tunnel or a protocol switch is no forwarding by path: refused before a byte goes anywhere.
    tunnelRefusal: proxyError(
      'NOT_A_FORWARD_PROXY',
      'This proxy forwards only HTTP requests to its targets, by path: no tunnel, no protocol switch.',
    ),
  });
  port = server.port;

  let closing: Promise<void> | undefined;
  return {
    url: origin(),
    apiUrl: `${origin()}${apiPath}`,
    ...(quickstartTarget ? { quickstartUrl: `${origin()}${QUICKSTART_PATH}` } : {}),
    adminUrl: `${origin()}${ADMIN_PATH}/`,
    adminNeedsKey,
    judge,
    tally,
    journal,
    report,
    hasFailures: () => tally.hasFailures() || judge.targetFindings.some((f) => f.severity === 'error'),
    close() {
      closing ??= (async () => {
        // Exchanges in flight finish; one that streams without end is cut after a grace period.
        await server.close(3000);
        agents['http:'].destroy();
        agents['https:'].destroy();
        await recorder?.close();
      })();
      return closing;
    },
  };
}

/** A client's path in a message: at most 200 characters of it. */
function clipped(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** The headers a preflight asks for, as one list (Node joins a repeated field). */
function requestedHeaders(req: IncomingMessage): string | undefined {
  const value = req.headers['access-control-request-headers'];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Where a target URL forwards to: its origin, its Host, node:http's options, and its path (no trailing slash),
 * before which each request's path below the mount is put as it is: a URL resolver never re-reads it.
 */
function upstreamOf(target: string): Upstream & { path: string } {
  const url = new URL(target);
  const { protocol, hostname, port, auth } = urlToHttpOptions(url);
  return {
    secure: url.protocol === 'https:',
    origin: url.origin,
    host: url.host,
    options: { protocol, hostname, port, ...(auth ? { auth } : {}) },
    path: withoutTrailingSlashes(url.pathname),
  };
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
