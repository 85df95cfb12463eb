// False alarms are tested like misses. Each target in fixtures/faithful/ keeps the interface and chooses
// otherwise than petstore-kit where the seed is silent. By default (the interface profile) verify must
// pass it, recommending with the choice it departs from; with --profile petstore-kit it must fail, and
// only on findings that name one of our choices (never on the interface), among them the one it departs from.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { renderReport, runConformance, type Report } from '../../contract-tests/index.ts';
import { FAITHFUL, startFaithful, type FaithfulTarget } from '../fixtures/faithful/index.ts';

async function verify(target: FaithfulTarget, profile: 'interface' | 'petstore-kit'): Promise<Report> {
  const server = await startFaithful(target);
  try {
    const now = target.now;
    return await runConformance({
      baseUrl: server.apiUrl,
      quickstartUrl: server.quickstartUrl,
      apiKey: DEV_API_KEY,
      allowWrites: true,
      profile,
      now: now && (() => now),
    });
  } finally {
    await server.close();
  }
}

const findings = (report: Report, kind: 'failures' | 'recommendations') =>
  report.scenarios.flatMap((s) => s[kind].map((f) => ({ ...f, scenario: s.name })));
const describeAll = (list: ReturnType<typeof findings>) =>
  list.map((f) => `${f.scenario} › ${f.check}/${f.title}${f.choice ? ` [${f.choice.pointer}]` : ''}: ${f.message}`);

const reports = new Map<string, { byDefault: Report; bound: Report }>();

beforeAll(async () => {
  // One after the other: each run is CPU-bound in this process, so parallel runs gain nothing.
  for (const target of FAITHFUL)
    reports.set(target.name, {
      byDefault: await verify(target, 'interface'),
      bound: await verify(target, 'petstore-kit'),
    });
}, 600_000);

describe('the faithful-but-different catalogue', () => {
  it('covers every kind of choice of the overlay, and targets that depart from none', () => {
    expect(FAITHFUL.length).toBeGreaterThanOrEqual(30);
    expect(FAITHFUL.some((t) => t.departsFrom === null)).toBe(true);
    expect(FAITHFUL.some((t) => t.notObservable)).toBe(true);
  });

  it('docs/checks.md lists every target, with what it chose', async () => {
    const page = await readFile(new URL('../../docs/checks.md', import.meta.url), 'utf8');
    const section = page.slice(page.indexOf('## Faithful but different'));
    for (const target of FAITHFUL)
      expect(section).toContain(`| \`${target.name}\` | ${target.chose.replace(/\|/g, '\\|')} |`);
  });

  it.each(FAITHFUL.map((target) => [target.name, target] as const))('%s', (_, target) => {
    const { byDefault, bound } = reports.get(target.name)!;
    // By default: exit 0, whatever it chose.
    expect(describeAll(findings(byDefault, 'failures')), target.chose).toEqual([]);
    expect(byDefault.summary.failed).toBe(0);
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
