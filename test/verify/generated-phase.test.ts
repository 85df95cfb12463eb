// The generated phase (issue 22, item 2): requests built from the schemas by fast-check, seeded, bounded by
// --max-examples, each failure shrunk to its smallest request and tried once more before it is recorded.
// Which departures it adds and that it raises no false alarm are proven by the catalogue
// (unknown-category-500 in broken-targets.suite.ts; every faithful target in faithful-targets.suite.ts).
import { describe, expect, it } from 'vitest';
import type { Report } from '../../contract-tests/index.ts';
import { errorResponse } from '../../src/core/errors.ts';
import { parseVerifyArgs } from '../../cli/parse-verify-args.ts';
import { UsageError } from '../../cli/usage-error.ts';
import { startTarget, TARGETS, type BrokenTarget } from '../fixtures/targets/index.ts';
import { is } from '../fixtures/targets/target-kit.ts';
import { verifyStarted } from '../support/verify-started.ts';

const GENERATED = ['generatedRequests', 'statusCodeConformance'];
const unknownCategory = TARGETS.find((target) => target.name === 'unknown-category-500')!;

const run = (target: BrokenTarget | undefined, options: { seed?: number; maxExamples?: number } = {}) =>
  verifyStarted(() => startTarget(target), { checks: GENERATED, ...options });

function createPetScenario(report: Report) {
  return report.scenarios.find((s) => s.check === 'generatedRequests' && s.operationId === 'createPet')!;
}

/** The curl command of the failure's exchange: the request the phase kept. */
function keptRequest(report: Report): string {
  const scenario = createPetScenario(report);
  const failure = scenario.failures[0];
  return scenario.exchanges[failure.exchange!].request.curl!;
}

describe('the generated phase', () => {
  it('shrinks a failure to its smallest request: the first category id the target fails on', async () => {
    const report = await run(unknownCategory);
    expect(createPetScenario(report).status).toBe('failed');
    expect(keptRequest(report)).toMatch(/"categoryId":1000[,}]/);
    // Only the kept request is recorded, not the search that found it.
    expect(createPetScenario(report).exchanges).toHaveLength(1);
    expect(report.generation).toEqual({ seed: 1, maxExamples: 50 });
  });

  it('sends the same requests for the same seed, and others for another', async () => {
    const sentWith = async (seed: number) => {
      const bodies: string[] = [];
      const recording: BrokenTarget = {
        name: 'recording',
        departure: 'none: the correct store, keeping the bodies of createPet',
        expect: { check: 'generatedRequests' },
        wrap: (store) => (req) => {
          if (is(req, 'POST', /\/pets$/)) bodies.push(req.body ?? '');
          return store.handle(req);
        },
      };
      const report = await run(recording, { seed });
      // The correct store passes whatever the seed; the seed is in the report to send the same requests again.
      expect(report.summary.failed).toBe(0);
      expect(report.generation?.seed).toBe(seed);
      return bodies;
    };
    const first = await sentWith(7);
    expect(first).toHaveLength(50);
    expect(await sentWith(7)).toEqual(first);
    expect(await sentWith(8)).not.toEqual(first);
  });

  it('reports the same shrunk request whatever the seed that found it', async () => {
    const seeds = await Promise.all([3, 11].map((seed) => run(unknownCategory, { seed })));
    for (const report of seeds) expect(keptRequest(report)).toMatch(/"categoryId":1000[,}]/);
  });

  it('--max-examples 0 skips the phase, saying why', async () => {
    const report = await run(unknownCategory, { maxExamples: 0 });
    for (const scenario of report.scenarios.filter((s) => s.check === 'generatedRequests')) {
      expect(scenario.status).toBe('skipped');
      expect(scenario.reason).toMatch(/--max-examples 0/);
    }
  });

  it('a failure that does not happen again is not observable, never a failure', async () => {
    // Fails each distinct body once (a cold cache that throws), then serves it: no verdict rests on it.
    const seen = new Set<string>();
    const coldOnce: BrokenTarget = {
      name: 'cold-once',
      departure: 'createPet fails the first time it sees a body',
      expect: { check: 'generatedRequests' },
      wrap: (store) => (req) => {
        if (is(req, 'POST', /\/pets$/) && !seen.has(req.body ?? '')) {
          seen.add(req.body ?? '');
          return errorResponse('INTERNAL');
        }
        return store.handle(req);
      },
    };
    const report = await run(coldOnce);
    const scenario = createPetScenario(report);
    expect(scenario.status).toBe('not-observable');
    expect(scenario.failures).toEqual([]);
    expect(scenario.notObservable[0].why).toMatch(/sent again, it passed/);
  });

  it('a generated request that gets no answer ends the search: no shrinking that waits out each timeout', async () => {
    // Hangs on the category ids a cache misses: a request nobody listed holds the server.
    let hung = 0;
    const hangs: BrokenTarget = {
      name: 'hangs-on-unknown-category',
      departure: 'createPet with a categoryId of 1000 or more never answers',
      expect: { check: 'generatedRequests' },
      wrap: (store) => (req) => {
        const categoryId = /"categoryId":(\d{4,})/.exec(req.body ?? '');
        if (is(req, 'POST', /\/pets$/) && categoryId) {
          hung += 1;
          return { status: 200, headers: {}, body: null, shaping: { transport: 'never-respond', by: ['test'] } };
        }
        return store.handle(req);
      },
    };
    const report = await verifyStarted(() => startTarget(hangs), { checks: GENERATED, timeoutMs: 300 });
    const scenario = createPetScenario(report);
    expect(scenario.status).toBe('failed');
    expect(scenario.failures.map((f) => f.title)).toEqual(['NoResponse']);
    // The request that got none, and once more to record it: never a shrink per timeout.
    expect(hung).toBe(2);
  });

  it('takes --seed and --max-examples as whole numbers, and refuses anything else (exit 2)', () => {
    const base = ['--base-url', 'http://127.0.0.1:4010/v1', '--api-key', 'k'];
    expect(parseVerifyArgs([...base, '--seed', '42', '--max-examples', '0'], {})).toMatchObject({
      seed: 42,
      maxExamples: 0,
    });
    for (const bad of [
      ['--seed', '-1'],
      ['--seed', 'abc'],
      ['--max-examples', '1.5'],
      ['--max-examples', '10001'],
    ])
      expect(() => parseVerifyArgs([...base, ...bad], {}), bad.join(' ')).toThrow(UsageError);
  });
});
