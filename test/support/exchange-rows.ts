// Exchanges built by hand for the tables of the exchange rules' unit tests (contract-tests/exchange/): each row
// is judged in process by the one judge users and the proxy call (`createExchangeJudge`), and only the
// findings of the checks a table is about are compared, so a row proves its rule, not the schema or status
// checks beside it.
import {
  createExchangeJudge,
  type ExchangeJudge,
  type ExchangeVerdict,
  type HttpExchange,
} from '../../contract-tests/exchange/judge-exchange.ts';

export const BASE_URL = 'http://api.test/v1';
export const QUICKSTART_URL = 'http://api.test/quickstart';
/** The judge's clock when an exchange has no start of its own (before getPet's sunset, 2030-12-05). */
export const NOW = new Date('2025-06-01T12:00:00.000Z');
export const WITH_KEY = { authorization: 'Bearer test-key' };

let planned: Promise<ExchangeJudge> | undefined;

/** The judge every table shares (planned once per test file). */
export function rowJudge(): Promise<ExchangeJudge> {
  planned ??= createExchangeJudge({ baseUrl: BASE_URL, quickstartUrl: QUICKSTART_URL, now: () => NOW });
  return planned;
}

export interface RowOptions {
  /** The request's headers; default the key alone (`Authorization: Bearer test-key`). */
  headers?: Record<string, string>;
  /** The request body, as JSON (a string is sent as it is). */
  body?: unknown;
  responseHeaders?: Record<string, string>;
  startedAt?: string;
}

/**
 * `GET /pets?limit=2` (below the API's base URL; `/messages` below the quickstart's) answered `status` with
 * `answer` as JSON (none when undefined).
 */
export function exchange(request: string, status: number, answer?: unknown, options: RowOptions = {}): HttpExchange {
  const [method, path] = request.split(' ');
  const base = path.startsWith('/messages') ? QUICKSTART_URL : BASE_URL;
  const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const body = options.body === undefined ? undefined : json(options.body);
  return {
    request: {
      method,
      url: `${base}${path}`,
      headers: {
        ...(options.headers ?? WITH_KEY),
        ...(body !== undefined && !options.headers?.['content-type'] ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body } : {}),
    },
    response: {
      status,
      headers: {
        ...(answer !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.responseHeaders,
      },
      ...(answer !== undefined ? { body: json(answer) } : {}),
    },
    ...(options.startedAt ? { startedAt: options.startedAt } : {}),
  };
}

/** The verdict's findings of `checks`, as `check: Title`, a recommendation as `check: Title (recommended)`. */
export async function findingsOf(exchange: HttpExchange, checks: readonly string[]): Promise<string[]> {
  return named(await (await rowJudge()).judge(exchange), checks);
}

export function named(verdict: ExchangeVerdict, checks: readonly string[]): string[] {
  const of = (recommended: boolean) => (f: ExchangeVerdict['failures'][number]) =>
    checks.includes(f.check) ? [`${f.check}: ${f.title}${recommended ? ' (recommended)' : ''}`] : [];
  return [...verdict.failures.flatMap(of(false)), ...verdict.recommendations.flatMap(of(true))];
}

/** A pet as the interface shows one. */
export const pet = (id: number, status = 'available') => ({ id, name: `pet ${id}`, categoryId: 1, status });

/** The interface's Error body. */
export const error = (status: number) => ({ code: 'X', message: 'refused', status });
