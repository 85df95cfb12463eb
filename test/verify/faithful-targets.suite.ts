// False alarms are tested like misses. Each target in fixtures/faithful/ keeps the interface and chooses
// otherwise than petstore-kit where the seed is silent. By default (the interface profile) verify must
// pass it, recommending with the choice it departs from; with --profile petstore-kit it must fail, and
// only on findings that name one of our choices (never on the interface), among them the one it departs from.
// The exchange judge (what the proxy and `judgeExchange` call), given each exchange of the default run alone,
// must pass it too.
//
// Each target is answered in this process through the core's fetch seam (what MSW uses), but those behind
// production conditions (a compressing, slow or rate-limiting gateway) or reading bodies past the mock's limit,
// which run on loopback (`faithfulNeedsSocket`).
//
// The catalogue runs in parts (faithful-targets-1.test.ts …), one file each, so that vitest gives each part a
// worker of its own: the runs are CPU-bound in process, and one file ran them all on one core.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderReport, type Report } from '../../contract-tests/index.ts';
import { runPool } from '../../contract-tests/engine/run-pool.ts';
import {
  FAITHFUL as ALL_FAITHFUL,
  faithfulInProcess,
  faithfulNeedsSocket,
  startFaithful,
  type FaithfulTarget,
} from '../fixtures/faithful/index.ts';
import { partOf } from '../support/catalogue-part.ts';
import { judgedAlone, verifyRecorded, type JudgedAlone } from '../support/recorded-run.ts';

const clockOf = (target: FaithfulTarget) => target.now && (() => target.now!);

/**
 * The default run explores at the generated phase's full depth (a false alarm there is as serious as anywhere);
 * the run with our choices binding at a tenth of it: the phase's seed is fixed, so its requests are the first
 * ones of the default run, whose findings on the interface fail both runs alike.
 */
const verify = (target: FaithfulTarget, profile: 'interface' | 'petstore-kit') =>
  verifyRecorded(async () => (faithfulNeedsSocket(target) ? startFaithful(target) : faithfulInProcess(target)), {
    profile,
    now: clockOf(target),
    ...(profile === 'petstore-kit' ? { maxExamples: 5 } : {}),
  });

const findings = (report: Report, kind: 'failures' | 'recommendations') =>
  report.scenarios.flatMap((s) => s[kind].map((f) => ({ ...f, scenario: s.name })));
const describeAll = (list: ReturnType<typeof findings>) =>
  list.map((f) => `${f.scenario} › ${f.check}/${f.title}${f.choice ? ` [${f.choice.pointer}]` : ''}: ${f.message}`);

/** The tests of part `part` of `parts`: every parts-th target. */
export function faithfulTargetsPart(part: number, parts: number): void {
  const FAITHFUL = partOf(ALL_FAITHFUL, part, parts);
  const reports = new Map<string, { byDefault: Report; bound: Report; alone: JudgedAlone }>();

  beforeAll(async () => {
    // A few runs at a time: most are CPU-bound in this process, but some targets spend their time waiting
    // (slow answers, rate limits) and the others run meanwhile. Each run has a server of its own.
    await runPool(FAITHFUL, 3, async (target) => {
      const [byDefault, bound] = await Promise.all([verify(target, 'interface'), verify(target, 'petstore-kit')]);
      const alone = await judgedAlone(byDefault, { now: clockOf(target) });
      reports.set(target.name, { byDefault: byDefault.report, bound: bound.report, alone });
    });
  }, 600_000);

  describe('the faithful-but-different catalogue', () => {
    it('covers every kind of choice of the overlay, and targets that depart from none', () => {
      expect(ALL_FAITHFUL.length).toBeGreaterThanOrEqual(30);
      expect(ALL_FAITHFUL.some((t) => t.departsFrom === null)).toBe(true);
      expect(ALL_FAITHFUL.some((t) => t.notObservable)).toBe(true);
    });

    it('docs/checks.md lists every target, with what it chose', async () => {
      const page = await readFile(new URL('../../docs/checks.md', import.meta.url), 'utf8');
      const section = page.slice(page.indexOf('## Faithful but different'));
      for (const target of FAITHFUL)
        expect(section).toContain(`| \`${target.name}\` | ${target.chose.replace(/\|/g, '\\|')} |`);
    });

    it.each(FAITHFUL.map((target) => [target.name, target] as const))('%s', (_, target) => {
      const { byDefault, bound, alone } = reports.get(target.name)!;
      // By default: exit 0, whatever it chose.
      expect(describeAll(findings(byDefault, 'failures')), target.chose).toEqual([]);
      expect(byDefault.summary.failed).toBe(0);
      // Its exchanges judged alone: no failure either.
      expect([...alone.titles], target.chose).toEqual([]);
      // With no failure, the pretty report fits a screen: each kind of recommendation once (issue 22, item 6).
      const pretty = renderReport(byDefault, 'pretty');
      expect(pretty.split('\n').length - 1, pretty).toBeLessThanOrEqual(70);
      // With our choices binding, it fails only for our choices, never for the interface.
      expect(describeAll(findings(bound, 'failures').filter((f) => !f.choice)), target.chose).toEqual([]);
      if (target.departsFrom === null) {
        expect(bound.summary.failed, target.chose).toBe(0);
      } else {
        const departs = (f: { choice?: { pointer: string; reason: string } }) =>
          f.choice !== undefined && f.choice.pointer.startsWith(target.departsFrom!) && f.choice.reason !== '';
        expect(
          findings(byDefault, 'recommendations').filter(departs).length,
          `${target.chose}: a recommendation naming ${target.departsFrom}`,
        ).toBeGreaterThan(0);
        expect(
          findings(bound, 'failures').filter(departs).length,
          `${target.chose}: a failure naming ${target.departsFrom}`,
        ).toBeGreaterThan(0);
      }
      if (target.notObservable) {
        const notes = byDefault.scenarios.flatMap((s) => s.notObservable.map((n) => n.what));
        expect(
          notes.some((what) => target.notObservable!.test(what)),
          notes.join('\n'),
        ).toBe(true);
        expect(byDefault.summary.notObservable).toBeGreaterThan(0);
      }
    });
  });
}
