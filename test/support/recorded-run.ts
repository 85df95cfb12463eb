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
import type { FetchLike } from '../../contract-tests/http/send.ts';

interface Started {
  apiUrl: string;
  quickstartUrl: string;
  /** A target answered in this process: its fetch is the run's transport, and nothing goes on a socket. */
  fetch?: FetchLike;
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
  const transport = server.fetch ? { fetch: server.fetch, close: () => undefined } : createNodeTransport();
  const pending: Promise<HttpExchange | undefined>[] = [];
  try {
    const report = await runConformance({
      baseUrl: server.apiUrl,
      quickstartUrl: server.quickstartUrl,
      apiKey: DEV_API_KEY,
      allowWrites: true,
      // A target on the network: HEAD and HTTP/1.0 go on connections of their own, unrecorded here. In process
      // there is no socket: those scenarios are skipped, saying so.
      rawConnections: !server.fetch,
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
        const exchange = (body: ArrayBuffer): HttpExchange => ({
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
        });
        if (server.fetch) return readWhole(response, (body) => pending.push(Promise.resolve(exchange(body))));
        // A copy read to its end beside verify's own reading; an answer that breaks off is not kept.
        pending.push(
          response
            .clone()
            .arrayBuffer()
            .then(exchange, () => undefined),
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

/**
 * An answer from a target in process, read whole once and handed to verify anew: it is whole already (the
 * core answers with a string), and a clone's two streams cost as much as the judging. `keep` gets the bytes;
 * an answer that breaks off (a transport fault) is not kept, and verify reads it breaking off the same way.
 */
async function readWhole(response: Response, keep: (body: ArrayBuffer) => void): Promise<Response> {
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  if (!response.body) return (keep(new ArrayBuffer(0)), new Response(null, init));
  try {
    const body = await response.arrayBuffer();
    keep(body);
    return new Response(body, init);
  } catch (error) {
    return new Response(new ReadableStream({ start: (controller) => controller.error(error) }), init);
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
