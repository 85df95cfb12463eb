// Proof that the checks can fail: each target in fixtures/targets/ serves the correct store with one
// deliberate departure from the interface, and verify must fail on it by default (no profile), naming the
// right check (and scenario, and finding). The correct server, run the same way, must pass. Departures
// from our choices only are in fixtures/faithful/ (test/verify/faithful-targets.suite.ts).
//
// The exchange judge (what the proxy and `judgeExchange` call) is held to verify on the same traffic: each
// exchange of verify's run judged alone must report no failure verify does not report itself, and must name
// the catalogue's departure but for the documented differences (docs/proxy.md, "What one exchange can show"):
// a finding that needs several exchanges put together (a created pet then listed or read, an id known to be
// unknown, a page short of what the store holds) is a scenario's conclusion; and a judge of traffic never
// knows the key, so a near miss of it that the target accepts looks like the key itself.
//
// Each target is answered in this process through the core's fetch seam (what MSW uses): a run then costs the
// judge and the store, not two HTTP stacks. What needs a socket runs on loopback: the correct server (every
// scenario, messageFraming's raw connections included) and the targets whose departure lives on the wire
// (`needsSocket`: no Date header, broken framing, a request body's framing).
//
// The catalogue runs in parts (broken-targets-1.test.ts …), one file each, so that vitest gives each part a
// worker of its own: the runs are CPU-bound in process, and one file ran them all on one core.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../contract-tests/index.ts';
import { runPool } from '../../contract-tests/engine/run-pool.ts';
import {
  IN_PROCESS_ORIGIN,
  needsSocket,
  startTarget,
  targetInProcess,
  TARGETS as ALL_TARGETS,
  type BrokenTarget,
} from '../fixtures/targets/index.ts';
import { partOf } from '../support/catalogue-part.ts';
import { failureTitles, judgedAlone, verifyRecorded, type JudgedAlone } from '../support/recorded-run.ts';

/** Titles verify concludes from several exchanges; a judge of one exchange at a time cannot (docs/proxy.md). */
const ACROSS_EXCHANGES = new Set([
  'CreatedNotListed', // a created pet missing from a later list
  'CreatedNotReadable', // a created pet unreadable by a later GET
  'UnknownIdFound', // only verify knows the id it asked for is unknown
  'LimitUnderfilled', // only verify knows the store holds more than the page shows
  'DuplicateId', // an id repeated across two creations
  'RecordLost', // a pet created long before, read again at the run's end
  'NotModifiedAfterChange', // a 304 to the tag of a page seen to change since
  'TimestampNotAdvancing', // two messages' createdAt, a second apart
]);

/** Titles verify finds on a connection of its own, read byte for byte: the recorded traffic does not hold it. */
const ON_THE_WIRE = new Set(['HeadContentSent', 'ChunkedToHttp10']);

/** Targets that accept a near miss of the key: only a judge that knows the key can tell (docs/proxy.md). */
const NEEDS_THE_KEY = new Set([
  'key-in-query-accepted',
  'key-prefix-compared',
  'key-split-on-space',
  'key-case-insensitive',
  'key-last-char-ignored',
  'key-padding-accepted',
]);

/**
 * The same departure under another title verify gives it too (exchange judge's title → verify's): verify's
 * credentialFirst names a 2xx to a keyless request AuthNotEnforced, and one exchange may show an empty
 * `Bearer` refused for another fault first, which that rule names CredentialNotJudgedFirst; a JSON label with
 * a charset refused is verify's quickstartMessage ValidRequestRejected and its jsonMediaTypes
 * JsonMediaTypeRefused, and the exchange judge applies the second rule.
 */
const SIBLING: Record<string, string> = {
  CredentialNotJudgedFirst: 'AuthNotEnforced',
  JsonMediaTypeRefused: 'ValidRequestRejected',
};

interface Judged {
  report: Report;
  /** `title` of each failure verify reported. */
  verified: Set<string>;
  alone: JudgedAlone;
}

function failuresOf(report: Report): string[] {
  return report.scenarios
    .filter((s) => s.status === 'failed')
    .flatMap((s) => s.failures.map((f) => `${s.check} › ${s.name} › ${f.check}/${f.title}`));
}

/** Whether the exchange judge reported `title`, or its sibling where verify reported both. */
const named = ({ alone, verified }: Judged, title: string) =>
  alone.titles.has(title) || [...alone.titles].some((t) => SIBLING[t] === title && verified.has(t));

/** The tests of part `part` of `parts`: every parts-th target, the correct server in the first part. */
export function brokenTargetsPart(part: number, parts: number): void {
  const TARGETS = partOf(ALL_TARGETS, part, parts);
  const runs = new Map<string, Judged>();

  /**
   * The generated phase at a tenth of its depth, but where a departure is caught by that phase alone: the
   * catalogue proves each check can fail, and the depth of the generated phase (its seed fixed, so the first
   * requests are the same at any depth) is proven against the correct server here and in generated-phase.test.ts.
   */
  const depthFor = (target?: BrokenTarget) =>
    !target || target.expect.check === 'generatedRequests' ? {} : { maxExamples: 5 };

  async function judged(target?: BrokenTarget): Promise<Judged> {
    const onSocket = !target || needsSocket(target);
    const run = await verifyRecorded(
      async () => (onSocket ? startTarget(target) : targetInProcess(target)),
      depthFor(target),
    );
    return { report: run.report, verified: failureTitles(run.report), alone: await judgedAlone(run) };
  }

  beforeAll(async () => {
    // A few runs at a time, each against a server of its own: a target that waits lets the others run.
    if (part === 1) runs.set('correct', await judged());
    await runPool(TARGETS, 3, async (target) => runs.set(target.name, await judged(target)));
  });

  // Declared in part 1 only (not skipped in the others): the report then counts no skipped test for it.
  if (part === 1)
    describe('verify on the correct server', () => {
      it('passes every scenario, none skipped, no recommendation', () => {
        const { report } = runs.get('correct')!;
        expect(failuresOf(report)).toEqual([]);
        expect(report.summary).toMatchObject({ skipped: 0, failed: 0, recommendations: 0 });
        expect(report.summary.passed).toBe(report.summary.total);
      });

      it('each of its exchanges, judged alone, passes too', () => {
        const { verdicts, titles } = runs.get('correct')!.alone;
        expect([...titles]).toEqual([]);
        // Every scenario's traffic was judged, not just passed over.
        expect(verdicts.length).toBeGreaterThan(200);
        expect(verdicts.filter((v) => !v.judged).map((v) => v.note)).toEqual([]);
      });
    });

  describe('verify on each broken target', () => {
    it('covers at least ten departures', () => {
      expect(ALL_TARGETS.length).toBeGreaterThanOrEqual(10);
    });

    it.each(TARGETS.map((target) => [target.name, target] as const))('%s', (_, target) => {
      const { report } = runs.get(target.name)!;
      const { check, scenario, findingCheck = check, title } = target.expect;
      expect(report.summary.failed, target.departure).toBeGreaterThan(0);
      const caught = report.scenarios.filter(
        (s) =>
          s.status === 'failed' &&
          s.check === check &&
          (!scenario || scenario.test(s.name)) &&
          s.failures.some((f) => f.check === findingCheck && (!title || f.title === title)),
      );
      expect(
        caught.map((s) => s.name),
        `${target.departure}: expected ${check}${scenario ? ` ${scenario}` : ''} to report ${findingCheck}/${title ?? '*'}; failures were:\n${failuresOf(report).join('\n')}`,
      ).not.toEqual([]);
      // Enough to act on: a message, what was expected against what came back, and the request sent.
      const finding = caught[0].failures.find((f) => f.check === findingCheck && (!title || f.title === title))!;
      // A departure from the interface, not from one of our choices.
      expect(finding.choice).toBeUndefined();
      expect(finding.message).not.toBe('');
      expect(finding.expected).toBeDefined();
      expect(finding.actual).toBeDefined();
      const origin = needsSocket(target) ? /^http:\/\/127\.0\.0\.1:\d+\// : new RegExp(`^${IN_PROCESS_ORIGIN}/`);
      expect(caught[0].exchanges[finding.exchange!].request.url).toMatch(origin);
    });
  });

  describe("each broken target's exchanges, judged alone", () => {
    it.each(TARGETS.map((target) => [target.name, target] as const))('%s', (name, target: BrokenTarget) => {
      const run = runs.get(name)!;
      const { verified, alone } = run;
      const shown = `verify: ${[...verified].join(', ')}; judged alone: ${[...alone.titles].join(', ')}`;
      // No failure that verify does not report itself.
      expect(
        [...alone.titles].filter((title) => !verified.has(title) && !verified.has(SIBLING[title])),
        shown,
      ).toEqual([]);
      // The failure the catalogue names for the departure, but for the documented differences.
      const title = target.expect.title;
      if (!title || ACROSS_EXCHANGES.has(title) || ON_THE_WIRE.has(title) || NEEDS_THE_KEY.has(name)) return;
      expect(named(run, title), `${target.departure}: ${shown}`).toBe(true);
    });

    it("misses none of the catalogue's departures but the documented ones", () => {
      const titled = TARGETS.filter((target) => target.expect.title);
      const caught = titled.filter((target) => named(runs.get(target.name)!, target.expect.title!));
      const missed = titled.filter((target) => !caught.includes(target));
      const excused = (target: BrokenTarget) =>
        ACROSS_EXCHANGES.has(target.expect.title!) ||
        ON_THE_WIRE.has(target.expect.title!) ||
        NEEDS_THE_KEY.has(target.name);
      expect(missed.filter((target) => !excused(target)).map((target) => target.name)).toEqual([]);
      console.log(
        `judged alone: ${caught.length} of ${titled.length} titled departures; documented misses: ${missed.map((t) => t.name).join(', ')}`,
      );
    });
  });
}
