// Names the current test on every request a test process sends to the rehearsal's mock (docs/rehearse.md):
// the `X-Petstore-Test` header, which the rehearsal reads to say which test made each deprecated call. The
// runners' setup files (vitest.ts, jest.ts, playwright.ts) give the current test's name; this tags:
// - fetch (Node's own, and the undici package's): through undici's `undici:request:create` diagnostics
//   channel, whose subscribers may add a header to a request before it is sent;
// - node:http and node:https (axios, supertest, got, node-fetch): `request` and `get` of both modules wrapped,
//   the ES modules' named exports synced, so every client that calls them at request time is seen.
// Only during a rehearsal (PETSTORE_REHEARSAL set) and only to the mock's origins (those of PETSTORE_BASE_URL
// and PETSTORE_QUICKSTART_URL), or to the URLs PETSTORE_TAG_TESTS names (the states each test was shown,
// docs/coverage.md): the header never reaches another host, and otherwise nothing on the wire changes.
// Always, it says how to name the current test to a mock answering in this process (src/shared/current-test.ts).
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import { nameCurrentTest, type CurrentTest } from '../shared/current-test.ts';
import { inProcessCallsWriter } from './in-process-calls-file.ts';
import { encodeTestName, REHEARSAL_ENV, TAG_TESTS_ENV, TEST_NAME_HEADER } from '../shared/rehearsal-env.ts';

export type { CurrentTest };

/** The origins to tag: the mock's when this process runs under a rehearsal, and those PETSTORE_TAG_TESTS names. */
export function mockOrigins(env: Record<string, string | undefined> = process.env): Set<string> {
  const origins = new Set<string>();
  const urls = env[TAG_TESTS_ENV]?.split(',').map((url) => url.trim()) ?? [];
  if (env[REHEARSAL_ENV.pass]) urls.push(env[REHEARSAL_ENV.baseUrl] ?? '', env[REHEARSAL_ENV.quickstartUrl] ?? '');
  for (const url of urls) {
    if (!url) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // Not a URL: nothing of the mock's to tag.
    }
  }
  return origins;
}

/**
 * Tags the requests this process sends to the mock with `currentTest()`'s name, asked as each request is
 * made; returns the function that stops (each runner calls it once its test file is done). A request that
 * names a test already keeps its own name.
 */
export function tagRequests(currentTest: CurrentTest, env?: Record<string, string | undefined>): () => void {
  const forgetName = nameCurrentTest(currentTest);
  // A mock in this process (MSW) notes its deprecated calls; they go to the rehearsal as each file ends.
  const writeCalls = inProcessCallsWriter(env);
  const forget = () => (forgetName(), writeCalls());
  const origins = mockOrigins(env);
  if (origins.size === 0) return forget;
  const nameFor = (origin: string): string | undefined => {
    if (!origins.has(origin)) return undefined;
    const name = currentTest();
    return name ? encodeTestName(name) : undefined;
  };
  const onFetch = (message: unknown) => {
    const { request } = message as { request: UndiciRequest };
    const name = nameFor(originOf(String(request.origin)));
    if (name && !hasHeader(request.headers)) request.addHeader(TEST_NAME_HEADER, name);
  };
  subscribe(FETCH_CHANNEL, onFetch);
  const unwrap = [wrapHttp(http, nameFor), wrapHttp(https, nameFor)];
  syncBuiltinESMExports();
  return () => {
    unsubscribe(FETCH_CHANNEL, onFetch);
    for (const restore of unwrap.reverse()) restore();
    syncBuiltinESMExports();
    forget();
  };
}

const FETCH_CHANNEL = 'undici:request:create';

/** What undici's channel hands a subscriber (undici 6 keeps headers as text, undici 7 as a flat list). */
interface UndiciRequest {
  origin: string | URL;
  headers: string | string[] | null | undefined;
  addHeader(name: string, value: string): unknown;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function hasHeader(headers: UndiciRequest['headers']): boolean {
  if (typeof headers === 'string')
    return headers.split('\r\n').some((line) => line.toLowerCase().startsWith(`${TEST_NAME_HEADER}:`));
  if (Array.isArray(headers)) return headers.some((text, i) => i % 2 === 0 && text.toLowerCase() === TEST_NAME_HEADER);
  return false;
}

type HttpModule = Pick<typeof http, 'request' | 'get'>;

/** Wraps the module's `request` and `get` (get ends the request, so it is rebuilt on the wrapped request). */
function wrapHttp(module: HttpModule, nameFor: (origin: string) => string | undefined): () => void {
  const { request, get } = module;
  const tag = (req: http.ClientRequest) => {
    if (req.headersSent || req.getHeader(TEST_NAME_HEADER) !== undefined) return req;
    const name = nameFor(`${req.protocol}//${String(req.getHeader('host'))}`);
    if (name) req.setHeader(TEST_NAME_HEADER, name);
    return req;
  };
  module.request = function (this: unknown, ...args: unknown[]) {
    return tag((request as (...a: unknown[]) => http.ClientRequest).apply(this, args));
  } as typeof request;
  module.get = function (this: unknown, ...args: unknown[]) {
    const req = (module.request as (...a: unknown[]) => http.ClientRequest).apply(this, args);
    req.end();
    return req;
  } as typeof get;
  return () => {
    module.request = request;
    module.get = get;
  };
}
