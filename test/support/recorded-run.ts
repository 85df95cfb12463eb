// verify's run with its traffic kept: verify's own transport (node-transport.ts), wrapped so each exchange is
// copied whole as it passes, then the same exchanges judged one by one by the exchange judge the proxy and
// users call (`createExchangeJudge`). The catalogues hold the two judgements to each other without a second
// run through a proxy: what a proxy adds over a socket is proven by test/verify/judge-exchange.test.ts and
// test/integrations/proxy-*.test.ts.
import { DEV_API_KEY } from '../../src/core/index.ts';
import {
  createExchangeJudge,
  runConformance,
  type ConformanceOptions,
  type ExchangeVerdict,
  type HttpExchange,
  type Report,
} from '../../contract-tests/index.ts';
import { createNodeTransport } from '../../contract-tests/http/node-transport.ts';

interface Started {
  apiUrl: string;
  quickstartUrl: string;
  close(): Promise<void>;
}

export interface RecordedRun {
  report: Report;
  exchanges: HttpExchange[];
}

/** verify's whole run (writes allowed, the development key) against a server `start` starts, its traffic kept. */
export async function verifyRecorded(
  start: () => Promise<Started>,
  options: Partial<ConformanceOptions> = {},
): Promise<RecordedRun> {
  const server = await start();
  const transport = createNodeTransport();
  const pending: Promise<HttpExchange | undefined>[] = [];
  try {
    const report = await runConformance({
      baseUrl: server.apiUrl,
      quickstartUrl: server.quickstartUrl,
      apiKey: DEV_API_KEY,
      allowWrites: true,
      // The target is on the network: HEAD and HTTP/1.0 go on connections of their own, unrecorded here.
      rawConnections: true,
      // The target shares this event loop with the judge (and the worker with other runs): on a machine busy
      // with other processes an answer can take longer than verify's 10 s default, which would be a verdict on
      // the machine. No target here is judged by a timeout firing, so the limit only says "hung".
      timeoutMs: 60_000,
      ...options,
      fetch: async (url, given) => {
        // The run's clock (a target living past the removal date), as verify judges by it.
        const startedAt = options.now?.() ?? new Date();
        // A body sent as a stream (chunked) is copied as it goes, and travels with the header it is framed by.
        const streamed = given.body instanceof ReadableStream ? given.body.tee() : undefined;
        const init = streamed ? { ...given, body: streamed[0] } : given;
        const { body: sent } = given;
        const requestBody: string | Uint8Array | undefined = streamed
          ? new Uint8Array(await new Response(streamed[1]).arrayBuffer())
          : typeof sent === 'string' || sent instanceof Uint8Array
            ? sent
            : undefined;
        const response = await transport.fetch(url, init);
        // A copy read to its end beside verify's own reading; an answer that breaks off is not kept.
        const copy = response.clone();
        pending.push(
          copy.arrayBuffer().then(
            (body): HttpExchange => ({
              request: {
                method: init.method ?? 'GET',
                url,
                headers: {
                  ...Object.fromEntries(new Headers(init.headers)),
                  ...(streamed ? { 'transfer-encoding': 'chunked' } : {}),
                },
                ...(requestBody !== undefined ? { body: requestBody } : {}),
              },
              response: { status: response.status, headers: [...response.headers], body: new Uint8Array(body) },
              startedAt,
            }),
            () => undefined,
          ),
        );
        return response;
      },
    });
    const exchanges = (await Promise.all(pending)).filter((exchange) => exchange !== undefined);
    return { report, exchanges };
  } finally {
    transport.close();
    await server.close();
  }
}

export interface JudgedAlone {
  verdicts: ExchangeVerdict[];
  /** `title` of each failure the exchange judge found, on an exchange or on the base URL. */
  titles: Set<string>;
}

/** Each exchange of `run` judged alone, with the run's own base URLs, profile and clock. */
export async function judgedAlone(
  run: RecordedRun,
  options: Pick<ConformanceOptions, 'profile' | 'now'> = {},
): Promise<JudgedAlone> {
  const { baseUrl, quickstartUrl } = run.report.target;
  const judge = await createExchangeJudge({ baseUrl, quickstartUrl, ...options });
  const verdicts: ExchangeVerdict[] = [];
  for (const exchange of run.exchanges) verdicts.push(await judge.judge(exchange));
  const failures = [
    ...judge.targetFindings.filter((f) => f.severity === 'error'),
    ...verdicts.flatMap((v) => v.failures),
  ];
  return { verdicts, titles: new Set(failures.map((f) => f.title)) };
}

/** `title` of each failure verify reported. */
export function failureTitles(report: Report): Set<string> {
  return new Set(report.scenarios.flatMap((s) => s.failures.map((f) => f.title)));
}
