// The proxy's own admin API, under /__admin on its port (never forwarded):
//   GET /__admin/                 the dashboard (dashboard-page.ts)
//   GET /__admin/requests         the latest exchanges, oldest first (?after=ID for newer ones, ?limit=N),
//                                 with the run's counts, its deprecated calls and its traffic coverage
//   GET /__admin/requests/ID      one exchange: request, answer, findings (credentials redacted)
//   GET /__admin/requests.har     the journal as HAR 1.2 (bodies as the journal keeps them: clipped)
//   GET /__admin/report           the run so far, as the report on exit writes it (?reporter=json|junit)
// It answers the proxy's own pages and scripts: a page of another origin is refused by the guard, and no
// CORS header is sent except to an origin allowed with --admin-origin (never `*`). When the proxy can be
// reached from other machines, everything but the dashboard page asks for a key, as the mock's admin API
// does (a browser sends no bearer header when it navigates: the page asks for the key and sends it).
// The dashboard page carries the mock dashboard's headers (CSP, no framing, nosniff, no referrer). It is a
// core handler (a request in, an answer out): the server shell (src/node/listen.ts) serves it.
import type { CoreRequest, CoreResponse } from '../core/index.ts';
import { bearerKeyRefusal } from '../shared/bearer-key.ts';
import { corsHeaders, preflightHeaders } from '../shared/cors.ts';
import { DASHBOARD_PAGE_HEADERS } from '../shared/dashboard-headers.ts';
import { harEntry, harLog } from '../shared/har.ts';
import { verdictFields } from './exchange-har.ts';
import { coverageHeadline } from '../../contract-tests/reporters/coverage-lines.ts';
import { dashboardPage } from './dashboard-page.ts';
import type { ExchangeJournal } from './exchange-journal.ts';
import type { ProxiedExchange } from '../../contract-tests/exchange/exchange-record.ts';
import { proxyError, type ProxyErrorCode } from './proxy-errors.ts';
import { renderProxyReport, type ProxyReport } from './proxy-report.ts';

export interface AdminContext {
  adminPath: string;
  journal: ExchangeJournal;
  report(): ProxyReport;
  adminOrigins: string[];
  /** The keys asked for (undefined: none asked, the proxy answers loopback only; empty: none accepted). */
  keys?: readonly string[];
  /** What the dashboard says the proxy forwards to. */
  describe(): { target: string; quickstartTarget?: string; apiPath: string; quickstartPath?: string; profile: string };
  creator: { name: string; version: string };
}

export function answerAdmin(ctx: AdminContext, req: CoreRequest): CoreResponse {
  // An absolute request target naming the proxy itself (the guard let it through) reads as its path.
  const url = new URL(req.url, 'http://proxy.invalid');
  const path = url.pathname.slice(ctx.adminPath.length);
  const origin = single(req.headers.origin);
  const cors = (origin !== undefined && corsHeaders(origin, true, new Set(ctx.adminOrigins))) || {};
  const send = (status: number, type: string, body: string, extra: Record<string, string> = {}): CoreResponse => ({
    status,
    headers: {
      'content-type': type,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...cors,
      ...extra,
    },
    body,
  });
  const json = (status: number, value: unknown): CoreResponse =>
    send(status, 'application/json', `${JSON.stringify(value, null, 2)}\n`);
  const error = (code: ProxyErrorCode, message: string, extra: Record<string, string> = {}): CoreResponse =>
    proxyError(code, message, { 'cache-control': 'no-store', ...cors, ...extra });

  if (req.method === 'OPTIONS' && cors['access-control-allow-origin']) {
    const allowed = preflightHeaders(['GET', 'HEAD', 'OPTIONS'], single(req.headers['access-control-request-headers']));
    return { status: 204, headers: { ...allowed, ...cors }, body: null };
  }
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return error('METHOD_NOT_ALLOWED', `The proxy's admin API only reads: ${req.method} is not allowed.`, {
      allow: 'GET, HEAD',
    });
  if (path === '') return send(308, 'text/plain', '', { location: `${ctx.adminPath}/` });
  if (path === '/')
    return send(200, 'text/html; charset=utf-8', dashboardPage(ctx.adminPath, ctx.describe()), DASHBOARD_PAGE_HEADERS);
  const refused = ctx.keys && bearerKeyRefusal(req.headers.authorization, ctx.keys);
  if (refused)
    return error(
      'UNAUTHORIZED',
      ctx.keys!.length === 0
        ? 'The proxy can be reached from other machines, and its admin API shows what clients sent: it answers only with a key, and none was given. Start the proxy with PETSTORE_API_KEY set, then send Authorization: Bearer <key>.'
        : refused === 'missing'
          ? 'The proxy can be reached from other machines: its admin API asks for the key. Send Authorization: Bearer <key> (a key of PETSTORE_API_KEY).'
          : 'The key was refused: send Authorization: Bearer <key> with a key of PETSTORE_API_KEY.',
      {
        'www-authenticate':
          refused === 'missing'
            ? 'Bearer realm="petstore-kit proxy"'
            : 'Bearer realm="petstore-kit proxy", error="invalid_token"',
      },
    );
  if (path === '/requests') {
    const after = Number(url.searchParams.get('after') ?? 0);
    const limit = Math.min(1000, Math.max(1, Number(url.searchParams.get('limit') ?? 100)));
    const report = ctx.report();
    return json(200, {
      requests: ctx.journal.list(Number.isFinite(after) ? after : 0, Number.isFinite(limit) ? limit : 100),
      exchanges: report.exchanges,
      summary: report.summary,
      deprecatedCalls: report.deprecatedCalls,
      // The report's, with its headline as the reports word it: the dashboard draws it as it is.
      ...(report.coverage ? { coverage: { headline: coverageHeadline(report.coverage), ...report.coverage } } : {}),
    });
  }
  if (path === '/requests.har')
    return send(
      200,
      'application/json',
      `${JSON.stringify(journalHar(ctx.journal.all(), req, ctx.creator), null, 1)}\n`,
      {
        'content-disposition': 'attachment; filename="petstore-kit-proxy.har"',
      },
    );
  const one = /^\/requests\/(\d{1,15})$/.exec(path);
  if (one) {
    const exchange = ctx.journal.get(Number(one[1]));
    return exchange
      ? json(200, exchange)
      : error('REQUEST_NOT_FOUND', `No exchange ${one[1]} in the journal (it keeps the latest ones only).`);
  }
  if (path === '/report') {
    const reporter = url.searchParams.get('reporter') === 'junit' ? 'junit' : 'json';
    const text = renderProxyReport(ctx.report(), reporter);
    return send(200, reporter === 'junit' ? 'application/xml' : 'application/json', text);
  }
  return error(
    'NOT_FOUND',
    `The proxy's admin API has no ${path.slice(0, 200)}: see ${ctx.adminPath}/ for the dashboard.`,
  );
}

/** A header sent once (Node joins most repeated ones; an array is none of these). */
function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The journal as HAR: the URL as the client addressed the proxy, bodies as kept (clipped at 4,000 characters). */
function journalHar(
  exchanges: readonly ProxiedExchange[],
  req: CoreRequest,
  creator: { name: string; version: string },
) {
  const origin = `http://${single(req.headers.host) ?? 'localhost'}`;
  return harLog(
    exchanges.map((exchange) =>
      harEntry({
        startedAt: exchange.time,
        durationMs: exchange.durationMs,
        request: {
          method: exchange.method,
          url: `${origin}${exchange.path}`,
          headers: exchange.exchange.request.headers,
          ...(exchange.exchange.request.body !== undefined ? { body: { text: exchange.exchange.request.body } } : {}),
        },
        ...(exchange.exchange.response
          ? {
              response: {
                status: exchange.exchange.response.status,
                headers: exchange.exchange.response.headers,
                body: { text: exchange.exchange.response.body },
              },
            }
          : {}),
        ...verdictFields(exchange),
      }),
    ),
    creator,
    'The journal of petstore-kit proxy: every credential redacted, bodies clipped at 4,000 characters (--record FILE keeps them up to the judging cap).',
  );
}
