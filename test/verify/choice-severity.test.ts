// The one severity rule: a finding that departs only from a choice of the overlay is a recommendation,
// unless the run makes the choices binding; a departure from the interface always fails.
import { GENERATION_DEFAULTS, STATE_DEPTH_DEFAULT } from '../../contract-tests/run/conformance-options.ts';
import { DEFAULT_RESPONSE_LIMITS } from '../../contract-tests/http/response-limits.ts';
import { Throttle } from '../../contract-tests/http/throttle.ts';
import { describe, expect, it } from 'vitest';
import { runScenario, type RunEnvironment } from '../../contract-tests/engine/run-scenario.ts';
import type { Scenario } from '../../contract-tests/engine/scenario.ts';
import { bundledModel } from '../../contract-tests/model/bundled-model.ts';

const choice = { pointer: '/paths/~1pets/get/responses/400', reason: 'A limit outside 1..100 gets 400.' };
const scenario: Scenario = {
  name: 'a scenario with one finding of each kind',
  check: 'limitBounds',
  operationId: 'listPets',
  phase: 'read',
  async run(ctx) {
    ctx.fail({ title: 'UnexpectedStatus', message: 'departs from our choice', choice });
    ctx.recommend({
      title: 'RepeatedParameterAccepted',
      message: 'departs from our choice too, reported as advice',
      choice,
    });
    ctx.recommend({ title: 'TimestampFarFromNow', message: 'advice only' });
    ctx.fail({ title: 'LimitExceeded', message: 'departs from the interface' });
  },
};

async function run(bindingChoices: boolean) {
  const env: RunEnvironment = {
    model: await bundledModel(),
    fetch: () => Promise.reject(new Error('no request is sent')),
    baseUrl: 'http://petstore.test/v1',
    apiKey: 'k',
    timeoutMs: 1000,
    limits: DEFAULT_RESPONSE_LIMITS,
    generation: GENERATION_DEFAULTS,
    stateDepth: STATE_DEPTH_DEFAULT,
    throttle: new Throttle(),
    allowWrites: false,
    now: new Date(),
    responseChecks: [],
    bindingChoices,
  };
  return runScenario(scenario, env);
}

describe('findings that depart from a choice', () => {
  it('are recommendations by default, with their reason; interface departures still fail', async () => {
    const result = await run(false);
    expect(result.recommendations.map((f) => [f.title, f.choice?.reason])).toEqual([
      ['UnexpectedStatus', choice.reason],
      ['RepeatedParameterAccepted', choice.reason],
      ['TimestampFarFromNow', undefined],
    ]);
    expect(result.failures.map((f) => f.title)).toEqual(['LimitExceeded']);
  });

  it('fail when the choices bind (--profile petstore-kit, --overlay FILE); plain advice never fails', async () => {
    const result = await run(true);
    expect(result.failures.map((f) => f.title)).toEqual([
      'UnexpectedStatus',
      'RepeatedParameterAccepted',
      'LimitExceeded',
    ]);
    expect(result.recommendations.map((f) => f.title)).toEqual(['TimestampFarFromNow']);
  });
});
