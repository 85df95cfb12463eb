// Every operation that the interface puts under security answers 401 when the credential is missing or
// wrong, whatever else the request gets right (a valid body, an existing id). The seed: "When the key is
// missing or invalid, then the response is 401 with an Error body." And the valid key is not refused as
// such: that is how `GET /store/orders`, whose answer with a key the seed does not show, gets judged.
import type { Operation } from '../../../src/openapi/index-operations.ts';
import { effectOf } from '../../../src/openapi/request-effect.ts';
import { scenarioCheck, type CheckScenario } from '../../engine/scenario-check.ts';
import type { FindingDraft, RequestSpec, ScenarioContext } from '../../engine/scenario.ts';
import { keyNearMisses } from '../../http/key-near-misses.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { clip, expectStatus, phaseOf, statusIn, validRequestFor } from './scenario-helpers.ts';

/**
 * The credential variants, each of which must be refused: what the request carries instead of `Bearer <key>`.
 * `key` is the configured key. Every near-miss of it (key-near-misses.ts) is a secret of the run: reports
 * redact each as they redact the key, so an echo of one shows no piece of the key.
 */
type Credential = Pick<RequestSpec, 'auth' | 'query' | 'headers'>;

const VARIANTS: { label: string; credential: (key: string) => Credential | undefined; why?: string }[] = [
  { label: 'no Authorization header', credential: () => ({ auth: 'none' }) },
  {
    label: 'an unknown key',
    credential: () => ({
      auth: { header: `Bearer pk-conformance-unknown-${Math.random().toString(36).slice(2, 12)}` },
    }),
  },
  { label: 'another scheme (Basic) with the valid key', credential: (key) => ({ auth: { header: `Basic ${key}` } }) },
  { label: 'Bearer with no key', credential: () => ({ auth: { header: 'Bearer' } }) },
  { label: 'the valid key without a scheme', credential: (key) => ({ auth: { header: key } }) },
  // Near-misses: a server that compares only a prefix, or searches the header for the key, accepts them.
  {
    label: 'the valid key with a character appended',
    credential: (key) => ({ auth: { header: `Bearer ${keyNearMisses(key).appended}` } }),
  },
  {
    label: 'the valid key with a character prepended',
    credential: (key) => ({ auth: { header: `Bearer ${keyNearMisses(key).prepended}` } }),
  },
  // A key looked up case-insensitively (MySQL's default collation) lets this one in. One letter at an end is
  // changed.
  {
    label: 'the valid key with one letter in another case',
    credential: (key) => {
      const recased = keyNearMisses(key).otherCase;
      return recased ? { auth: { header: `Bearer ${recased}` } } : undefined;
    },
  },
  // Same length, same first characters: a server that compares only a prefix, or stops at the first
  // difference of a fixed-length key, lets these in.
  {
    label: 'the valid key with its last character changed (same length and prefix)',
    credential: (key) => ({ auth: { header: `Bearer ${keyNearMisses(key).lastChanged}` } }),
  },
  {
    label: 'the valid key without its last character',
    credential: (key) => {
      const shorter = keyNearMisses(key).withoutLast;
      return shorter !== undefined ? { auth: { header: `Bearer ${shorter}` } } : undefined;
    },
  },
  // The right key under another scheme word: the seed's scheme is HTTP bearer, nothing else.
  { label: 'another scheme (Token) with the valid key', credential: (key) => ({ auth: { header: `Token ${key}` } }) },
  {
    label: 'another scheme (ApiKey) with the valid key',
    credential: (key) => ({ auth: { header: `ApiKey ${key}` } }),
  },
  // A server that splits the header on spaces and reads the second word accepts trailing words.
  { label: 'the valid key followed by another word', credential: (key) => ({ auth: { header: `Bearer ${key} x` } }) },
  // The seed: "The API key is sent in the Authorization header". Elsewhere, the key is missing.
  {
    label: 'the valid key in the query (api_key), no Authorization header',
    credential: (key) => ({ auth: 'none', query: { api_key: key } }),
  },
  {
    label: 'the valid key in an X-API-Key header, no Authorization header',
    credential: (key) => ({ auth: 'none', headers: { 'x-api-key': key } }),
  },
  // A server that also reads a session or token cookie (a web framework's default) lets a page's cookie in.
  {
    label: 'the valid key in cookies (api_key, token, access_token), no Authorization header',
    credential: (key) => ({ auth: 'none', headers: { cookie: `api_key=${key}; token=${key}; access_token=${key}` } }),
  },
  // A server that strips base64 padding, or decodes the key as base64 and compares the bytes, lets this in.
  { label: 'the valid key with padding appended (=)', credential: (key) => ({ auth: { header: `Bearer ${key}=` } }) },
  // A precondition judged before the credential (a caching layer in front of authentication) answers 304 or
  // 412 and so tells a caller without a key what the resource holds. RFC 9110 §13.2.1: a server MUST ignore
  // the preconditions when the request without them would not get a 2xx (here, the 401). `*` matches any
  // current representation (§13.1.2), so no tag of the target's is needed.
  {
    label: 'no Authorization header, but a precondition (If-None-Match: *)',
    credential: () => ({ auth: 'none', headers: { 'if-none-match': '*' } }),
    why: 'RFC 9110 §13.2.1: "A server MUST ignore all received preconditions" when the request without them would not get a 2xx',
  },
];

/**
 * Whether an answer to a request without a valid credential served or described the resource: a 2xx, or a
 * 304 or 412 that judged a precondition on it. verify's scenarios and the exchange judge call it alike.
 */
export const servedWithoutCredential = (status: number) => status < 300 || status === 304 || status === 412;

/**
 * Requests to a secured list by another road than the operation's own: HEAD (the GET's headers without its
 * body), and the path spelt with a trailing or a doubled slash, which many routers serve as the path itself.
 * Without a credential, none may be served: an authentication layer that matches the exact path, or GET
 * alone, while the router normalises, leaves them open. A 401, 404, 405 or a redirect all keep the records
 * closed; only a 2xx serves them.
 */
const SIDE_ROADS: { label: string; method: string; path: (template: string) => string }[] = [
  { label: 'HEAD', method: 'HEAD', path: (template) => template },
  { label: 'with a trailing slash', method: 'GET', path: (template) => `${template}/` },
  { label: 'with a doubled slash', method: 'GET', path: (template) => template.replace(/^\//, '//') },
];

/**
 * Spellings of the valid credential that HTTP makes equal to `Bearer <key>`: the scheme is case-insensitive
 * (RFC 9110 §11.1) and RFC 6750 §2.1 allows 1*SP after it. Refusing them is advice, not a failure: the seed
 * writes only "Bearer <API_KEY>", and many servers compare the scheme exactly.
 */
const EQUIVALENTS: { label: string; header: (key: string) => string }[] = [
  { label: 'the scheme in lower case (bearer)', header: (key) => `bearer ${key}` },
  { label: 'two spaces after Bearer', header: (key) => `Bearer  ${key}` },
];

export const authRequired = scenarioCheck({
  name: 'authRequired',
  description: 'Each secured operation answers 401 (with an Error body) to a missing, unknown or malformed credential.',
  scenarios(model) {
    return model.operations
      .filter((operation) => operation.security.some((requirement) => Object.keys(requirement).length > 0))
      .flatMap((operation) =>
        VARIANTS.map((variant) =>
          scenarioOf(operation, `with ${variant.label} → 401`, async (ctx) => {
            const request = await validRequestFor(ctx, model, operation);
            const credential = variant.credential(ctx.apiKey);
            if (!credential) ctx.skip(`the key is too short, or has no letter at either end whose case could change`);
            const response = await ctx.send(operation, { ...request, ...credential });
            expectStatus(
              ctx,
              response,
              401,
              `${operation.operationId} must refuse ${variant.label}${variant.why ? ` (${variant.why})` : ''}`,
              servedWithoutCredential(response.status) ? 'AuthNotEnforced' : 'UnexpectedStatus',
            );
          }),
        ).concat(
          validKey(model, operation),
          EQUIVALENTS.map((variant) => equivalentKey(model, operation, variant)),
          inSequence(model, operation, 'with'),
          inSequence(model, operation, 'without'),
          sideRoads(operation),
        ),
      );
  },
});

/** The valid key in a valid request is not refused as a credential (no 401); the response checks judge the rest. */
function validKey(model: ApiModel, operation: Operation): CheckScenario {
  return scenarioOf(operation, 'with the valid key → not 401', async (ctx) => {
    const response = await ctx.send(operation, await validRequestFor(ctx, model, operation));
    expectStatus(
      ctx,
      response,
      statusIn('not 401', (s) => s !== 401),
      `${operation.operationId} with the valid key and a valid request`,
      'ValidRequestRejected',
    );
  });
}

/** The valid key spelt another way HTTP allows: refused with 401, a recommendation (advice). */
function equivalentKey(model: ApiModel, operation: Operation, variant: (typeof EQUIVALENTS)[number]): CheckScenario {
  return scenarioOf(operation, `with ${variant.label} → not 401 (recommended)`, async (ctx) => {
    const request = await validRequestFor(ctx, model, operation);
    const response = await ctx.send(operation, { ...request, auth: { header: variant.header(ctx.apiKey) } });
    if (response.status !== 401) return;
    ctx.recommend({
      title: 'ValidRequestRejected',
      message:
        `${operation.operationId} refused the valid key sent with ${variant.label}: ` +
        'HTTP makes it the same credential (RFC 9110 §11.1, RFC 6750 §2.1).',
      expected: 'not 401',
      actual: `401 ${clip(response.text)}`,
    });
  });
}

/**
 * The same request with and without the key, one right after the other (`first` says which comes first):
 * each answered for its own credential. A cache in front of a deployment that keys its entries on the URL
 * alone serves an authenticated answer to an anonymous request (or keeps a 401 for the keyed one).
 */
function inSequence(model: ApiModel, operation: Operation, first: 'with' | 'without'): CheckScenario {
  const order = first === 'with' ? 'with the valid key, then without it' : 'without a key, then with the valid key';
  return scenarioOf(operation, `${order} (the same URL) → each answered for its own credential`, async (ctx) => {
    const request = await validRequestFor(ctx, model, operation);
    const keyed = () => ctx.send(operation, request);
    const anonymous = () => ctx.send(operation, { ...request, auth: 'none' });
    const answers = first === 'with' ? [await keyed(), await anonymous()] : [await anonymous(), await keyed()];
    const [withKey, withoutKey] = first === 'with' ? answers : [answers[1], answers[0]];
    expectStatus(
      ctx,
      withoutKey,
      401,
      `${operation.operationId} without a key, sent ${first === 'with' ? 'right after' : 'before'} the same request with the valid key`,
      withoutKey.status < 300 ? 'AuthNotEnforced' : 'UnexpectedStatus',
    );
    expectStatus(
      ctx,
      withKey,
      statusIn('not 401', (status) => status !== 401),
      `${operation.operationId} with the valid key, sent ${first === 'with' ? 'before' : 'right after'} the same request without one`,
      'ValidRequestRejected',
    );
  });
}

/** A secured list (a GET without path parameters) asked by its side roads without a credential: none served. */
function sideRoads(operation: Operation): CheckScenario[] {
  if (operation.method !== 'GET' || operation.path.includes('{')) return [];
  return SIDE_ROADS.map((road) => ({
    ...scenarioOf(
      operation,
      `${road.label} without a credential (${road.method} ${road.path(operation.path)}) → not served`,
      async (ctx) => {
        const path = road.path(operation.path);
        const response = await ctx.sendUndeclared({
          method: road.method,
          path,
          auth: 'none',
          quickstart: operation.ownServer,
        });
        const served = sideRoadServed(`${road.method} ${path}`, operation.operationId, response);
        if (served) ctx.fail({ ...served, exchange: response.index });
      },
    ),
    // HEAD through a proxy that answers it itself (Prism's) shows nothing of the target's: skipped there.
    ...(road.method === 'HEAD' ? { unlistedMethod: true } : {}),
  }));
}

/**
 * The verdict on a secured list asked by a side road without a credential: served (a 2xx) is AuthNotEnforced,
 * and outside the document, as unknownRoutesAndMethods judges it, a 5xx is a ServerError; anything else keeps
 * it closed. verify's scenarios and the exchange judge call it.
 */
export function sideRoadServed(
  request: string,
  operationId: string,
  response: { status: number; text: string },
): FindingDraft<'AuthNotEnforced' | 'ServerError'> | undefined {
  const actual = `${response.status} ${clip(response.text)}`;
  if (response.status >= 500)
    return {
      title: 'ServerError',
      message: `${request} without a credential made the server fail: got ${response.status}.`,
      expected: '401 (or 404, 405: anything but serving it or failing)',
      actual,
    };
  if (response.status < 200 || response.status >= 300) return undefined;
  return {
    title: 'AuthNotEnforced',
    message: `${request}, the secured ${operationId} by another road, was served without a credential: got ${response.status}.`,
    expected: '401 (or 404, 405: anything but serving it)',
    actual,
  };
}

/** One of this check's scenarios on one operation, named after it. */
function scenarioOf(operation: Operation, what: string, run: CheckScenario['run']): CheckScenario {
  return {
    name: `${operation.operationId} ${what}`,
    operationId: operation.operationId,
    // A request that changes or destroys goes to a record of the run's own (validRequestFor).
    phase: phaseOf(effectOf(operation)),
    quickstart: operation.ownServer,
    run,
  };
}
