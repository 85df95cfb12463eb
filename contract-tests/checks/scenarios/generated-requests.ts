// The generated phase: beside the fixed scenarios, fast-check builds requests from the interface's schemas
// (generate/request-arbitraries.ts), valid and invalid, and each answer is judged by the same rules: never a
// 5xx; an invalid request refused as `expectRefused` says (a filter value outside its enum may match
// nothing); every answer passing the response checks. A valid request may be served or refused: where the
// seed is silent (an unknown category, a name in a script the server does not store) a refusal is a choice.
// It is how the judge reaches requests nobody listed. Seeded (`--seed`), bounded (`--max-examples`, the run's
// time budget), and a failure is shrunk to its smallest request, then sent once more and recorded: only a
// failure that happens again is reported, so a verdict never rests on one unlucky answer.
import fc from 'fast-check';
import type { Operation } from '../../../src/openapi/index-operations.ts';
import { effectOf } from '../../../src/openapi/request-effect.ts';
import { requestsOf, type GeneratedRequest } from '../../generate/request-arbitraries.ts';
import { scenarioCheck, type CheckScenario } from '../../engine/scenario-check.ts';
import type { FindingDraft, Probed, RequestSpec, ScenarioContext } from '../../engine/scenario.ts';
import type { Observed } from '../../http/send.ts';
import { RetryBudgetExhausted } from '../../http/throttle.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { refusalLabel, refusalRule } from './expect-refused.ts';
import { clip, itemsOf, ownRecordFor, phaseOf } from './scenario-helpers.ts';

export const generatedRequests = scenarioCheck({
  name: 'generatedRequests',
  description:
    'Requests built from the schemas by fast-check (seeded, --max-examples per operation), valid and invalid: never a 5xx, invalid ones refused as the interface says, every answer as the response checks require; a failure is shrunk to its smallest request.',
  scenarios(model) {
    return model.operations.map((operation): CheckScenario => ({
      name: `${operation.operationId} with generated requests, valid and invalid → served as declared or refused, invalid ones refused, never 5xx`,
      operationId: operation.operationId,
      // Valid creates add records: they run after every scenario that counts them.
      phase: phaseOf(effectOf(operation), 'bulk'),
      quickstart: operation.ownServer,
      run: (ctx) => search(ctx, model, operation),
    }));
  },
});

/** Why one answer fails, or undefined when it passes (the response checks' failures are counted apart). */
type Verdict = Omit<FindingDraft, 'exchange'> | undefined;

async function search(ctx: ScenarioContext, model: ApiModel, operation: Operation): Promise<void> {
  const { seed, maxExamples } = ctx.generation;
  if (maxExamples === 0) ctx.skip('the generated phase is off (--max-examples 0)');
  // A request that changes or destroys goes only to a record of the run's own: its path names one made for
  // the search (path parameters are always valid, so no request is invalid for its path alone).
  const own = await ownRecordFor(ctx, model, operation);
  const specOf = (request: GeneratedRequest) => specOfRequest(request, own);
  // What ended the search early: a spent budget (the run reports it), or a request that got no answer.
  // Shrinking would wait out the timeout again at every step, so no answer ends the search at once.
  let stopped: RetryBudgetExhausted | { title: string; reason: string; request?: GeneratedRequest } | undefined;
  const property = fc.asyncProperty(requestsOf(model, operation), async (request) => {
    if (stopped) return true;
    let probed: Probed;
    try {
      probed = await ctx.probe(operation, specOf(request));
    } catch (error) {
      // A spent retry budget ends the run; a property must not read it as this request's failure.
      if (!(error instanceof RetryBudgetExhausted)) throw error;
      stopped = error;
      return true;
    }
    if (!probed.response) {
      stopped = { ...probed.failure, request };
      return true;
    }
    return probed.failures.length === 0 && judge(model, operation, request, probed.response) === undefined;
  });
  const result = await fc.check(property, { seed: seedOf(seed, operation), numRuns: maxExamples });
  if (stopped instanceof RetryBudgetExhausted) throw stopped;
  if (stopped?.title === 'RunTimeBudgetExceeded') return;
  if (stopped?.request) {
    // Sent again and recorded: no answer this time either is the scenario's NoResponse (it ends here).
    const response = await ctx.send(operation, specOf(stopped.request));
    const verdict = judge(model, operation, stopped.request, response);
    if (verdict) ctx.fail({ ...verdict, exchange: response.index });
    else
      ctx.notObservable({
        what: `the generated requests after one that got no answer (${stopped.reason})`,
        why: 'sent again, it was answered; the search had stopped there',
        exchange: response.index,
      });
    return;
  }
  if (!result.failed || !result.counterexample) return;

  const [request] = result.counterexample;
  const how = `generated (seed ${seed}, path ${result.counterexamplePath}; the smallest after ${result.numShrinks} shrinks of ${result.numRuns} requests)`;
  // Tried once more before it is recorded: a failure that does not happen again is not a verdict.
  const again = await ctx.probe(operation, specOf(request));
  if (again.response && again.failures.length === 0 && !judge(model, operation, request, again.response)) {
    ctx.notObservable({
      what: `a ${request.invalid ? 'invalid' : 'valid'} request ${how} failed once`,
      why: 'sent again, it passed: the target answers it differently from one time to the next',
    });
    return;
  }
  // Sent and recorded: the response checks record what they find on it, the verdict is added here.
  const response = await ctx.send(operation, specOf(request));
  const verdict = judge(model, operation, request, response);
  // A 5xx is already a failure of the response checks (statusCodeConformance): said once (its curl command
  // sends the request again).
  const said = 'failures' in again && again.failures.some((failure) => failure.title === verdict?.title);
  if (verdict && !said)
    ctx.fail({ ...verdict, message: `${verdict.message} The request was ${how}.`, exchange: response.index });
}

/** The rules every generated answer is held to (what the response checks do not already judge). */
function judge(model: ApiModel, operation: Operation, request: GeneratedRequest, response: Observed): Verdict {
  const actual = `${response.status} ${clip(response.text)}`;
  const what = request.invalid
    ? `${operation.operationId} with ${request.invalid}`
    : `${operation.operationId} with a valid request`;
  if (response.status >= 500)
    return {
      title: 'ServerError',
      message: `${what} was answered ${response.status}: the server failed where it could have served or refused.`,
      expected: request.invalid ? refusalLabel(refusalRule(model, operation, request.faults)) : 'a 2xx or a 4xx',
      actual,
    };
  if (!request.invalid) return undefined;
  const rule = refusalRule(model, operation, request.faults);
  const served = response.status >= 200 && response.status < 300;
  const filter = request.filterOutsideEnum;
  if (served && filter) {
    // A filter value outside its enum may match nothing; a list of other values ignored the filter.
    const others = itemsOf(response).filter((item) => item[filter.property] !== filter.value);
    if (others.length === 0) return undefined;
    return {
      title: 'FilterIgnored',
      message: `${what}: it matches no record, yet the list holds ${others.length} record(s) of other values.`,
      expected: `a 4xx, or a list with no record whose ${filter.property} is not "${filter.value}"`,
      actual,
    };
  }
  const title =
    request.body !== undefined && request.invalid.startsWith('body')
      ? 'InvalidBodyAccepted'
      : 'InvalidParameterAccepted';
  if (served)
    return {
      title,
      message: `${what}, yet it was served: got ${response.status}.`,
      expected: refusalLabel(rule),
      actual,
    };
  if (response.status < 400)
    return {
      title: 'UnexpectedStatus',
      message: `${what}: got ${response.status}, not a refusal.`,
      expected: refusalLabel(rule),
      actual,
    };
  if (rule.required400 && response.status !== 400)
    return {
      title: 'UnexpectedStatus',
      message: `${what}; the interface declares 400 for it: got ${response.status}.`,
      expected: '400',
      actual,
    };
  // Our 400 where another 4xx came back is the fixed scenarios' recommendation; it is not repeated here.
  return undefined;
}

function specOfRequest(request: GeneratedRequest, own: Record<string, string>): RequestSpec {
  return {
    path: { ...request.path, ...own },
    query: new URLSearchParams(Object.entries(request.query)).toString(),
    ...(request.body !== undefined ? { body: request.body } : {}),
  };
}

/** Each operation its own stream of requests from the run's seed, whatever the other operations draw. */
function seedOf(seed: number, operation: Operation): number {
  let hash = seed | 0;
  for (const char of operation.operationId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}
