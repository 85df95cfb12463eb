// What an exchange rule runs with. The rules judge traffic they did not send, but they record findings as
// verify's scenarios do, so verify's own assertions (expectRefused, expectCount) run on observed traffic
// unchanged: a ScenarioContext whose `fail` and `recommend` collect, and which sends nothing.
import type { Operation } from '../../../src/openapi/index-operations.ts';
import type { FindingDraft, ScenarioContext } from '../../engine/scenario.ts';
import type { Observed } from '../../http/send.ts';
import type { ApiModel } from '../../model/api-model.ts';
import type { Finding } from '../../types.ts';
import type { CredentialShape } from '../credentials.ts';
import type { ObservedRequest, RequestFaults } from '../request-faults.ts';

/** One exchange as the rules see it: the request as the client sent it, what it breaks, and the answer. */
export interface RuleInput {
  model: ApiModel;
  operation: Operation;
  request: ObservedRequest;
  faults: RequestFaults;
  credential: CredentialShape;
  /** The answer (index 0: the exchange's only one). */
  response: Observed & { index: number };
  /** The judge's clock when the request arrived. */
  now: Date;
}

/** A rule: one property a single exchange can show, attributed to the verify check whose rule it applies. */
export interface ExchangeRule {
  /** The check its findings are attributed to unless a finding names another. */
  check: string;
  judge(input: RuleInput, ctx: ScenarioContext<string>): void;
}

/** A finding as collected, before the judge applies the severity rule and redacts it. */
export type CollectedFinding = Omit<Finding, 'exchange'> & { exchange?: number };

/** A ScenarioContext that collects what `fail` and `recommend` record; anything that would send throws. */
export function collectingContext(
  model: ApiModel,
  now: Date,
  check: string,
  into: CollectedFinding[],
): ScenarioContext<string> {
  const record = (severity: Finding['severity']) => (draft: FindingDraft<string>) =>
    into.push({ ...draft, check: draft.check ?? check, severity });
  const nothingSent = (): never => {
    throw new Error('an exchange rule judges observed traffic: it sends nothing');
  };
  return {
    model,
    now,
    allowWrites: false,
    apiKey: '',
    baseUrl: '',
    send: nothingSent,
    sendUndeclared: nothingSent,
    probe: nothingSent,
    // Nothing is generated from observed traffic.
    generation: { seed: 0, maxExamples: 0 },
    stateDepth: 0,
    created: () => [],
    fail: record('error'),
    recommend: record('warning'),
    notObservable: () => undefined,
    skip: nothingSent,
  };
}

/** The same context, its findings attributed to `check` unless they name another. */
export function withCheck(ctx: ScenarioContext<string>, check: string): ScenarioContext<string> {
  return {
    ...ctx,
    fail: (draft) => ctx.fail({ check, ...draft }),
    recommend: (draft) => ctx.recommend({ check, ...draft }),
  };
}
