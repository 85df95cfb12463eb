// A base URL without the interface's server path (http://host:4010 where the API is http://host:4010/v1)
// serves none of the operations: every scenario would fail on a 404, in a report of a thousand lines whose
// first cause already knew the fix. So before any scenario, when the base URL lacks that path, one request
// of a listing operation goes to each: a 404 at the base URL and an answer (any other status) with the path
// added is the wrong base URL, said in one line with the URL to use (exit 2: nothing was judged).
import { failedTo } from '../../src/shared/kit-error.ts';
import { effectOf, namesRecord } from '../../src/openapi/request-effect.ts';
import type { Observed, OutgoingRequest } from '../http/send.ts';
import type { ApiModel } from '../model/api-model.ts';
import { missingServerPath } from '../model/server-path.ts';
import { withoutTrailingSlashes } from '../../src/shared/trailing-slashes.ts';
import { ConformanceError } from './conformance-error.ts';
import { buildRequest } from './run-scenario.ts';

/** Throws ConformanceError('base-url') when the base URL lacks the server path the target serves under. */
export async function checkBaseUrl(
  model: ApiModel,
  { baseUrl, apiKey }: { baseUrl: string; apiKey: string },
  sendOne: (request: OutgoingRequest) => Promise<Observed | undefined>,
): Promise<void> {
  const path = missingServerPath(baseUrl, model.document);
  // A safe request (it is sent in read-only runs too) of the API's own server with no path parameter: the
  // list (the mock's and any Pet Store's).
  const operation = model.operations.find((o) => effectOf(o) === 'safe' && !o.ownServer && !namesRecord(o.path));
  if (!path || !operation) return;
  const given = buildRequest(operation, {}, { baseUrl, apiKey });
  const atGiven = await sendOne(given);
  if (atGiven?.status !== 404) return;
  const suggested = `${withoutTrailingSlashes(baseUrl)}${path}`;
  const withPath = buildRequest(operation, {}, { baseUrl: suggested, apiKey });
  const atSuggested = await sendOne(withPath);
  if (!atSuggested || atSuggested.status === 404) return;
  const why =
    `${baseUrl} is not the API's base URL: ${given.method} ${given.url} was answered 404, ` +
    `and ${withPath.url} ${atSuggested.status}`;
  throw new ConformanceError('base-url', failedTo('verify', why, `Use --base-url ${suggested}`));
}
