// A target with far more records than one page of 100 (5,000). The interface shows no way to read past
// the first page (no cursor, page or offset), so what lies beyond it is reported as not observable, with
// what and why: never a violation, never a plain pass. What can be seen is still judged: getPet of a
// created id, the records the status filter returns; departures there fail as on a small target.
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { errorResponse } from '../../src/core/errors.ts';
import { renderReport, runConformance, type Report } from '../../contract-tests/index.ts';
import { serve } from '../../src/node/index.ts';
import { verifyCommand } from '../../cli/verify.ts';
import { FAITHFUL, startFaithful, type FaithfulTarget } from '../fixtures/faithful/index.ts';
import { is, parse, withQuery } from '../fixtures/targets/target-kit.ts';
import { verifyStarted } from '../support/verify-started.ts';

const manyRecords = FAITHFUL.find((t) => t.name === 'many-records')!;
const newestFirst = FAITHFUL.find((t) => t.name === 'many-records-newest-first')!;
const SEEDED = 5000;

/** The many-records target with one departure from the interface on top. */
function broken(name: string, wrap: FaithfulTarget['wrap']): FaithfulTarget {
  return { ...manyRecords, name, wrap };
}

const verify = (target: FaithfulTarget): Promise<Report> => verifyStarted(() => startFaithful(target));

const scenario = (report: Report, name: RegExp) => report.scenarios.filter((s) => name.test(s.name));

describe('a target with 5,000 records, listed in ascending id order', () => {
  let report: Report;
  beforeAll(async () => {
    report = await verify(manyRecords);
  });

  it('passes, and says what it could not see', () => {
    expect(report.summary.failed).toBe(0);
    expect(report.summary.notObservable).toBeGreaterThanOrEqual(4);
  });

  it('a created record beyond the first page is not observable in the list, with why', () => {
    const [listed] = scenario(report, /^createPet, then listPets includes the record$/);
    expect(listed.status).toBe('not-observable');
    expect(listed.failures).toEqual([]);
    expect(listed.notObservable[0]).toMatchObject({
      check: 'createThenList',
      what: expect.stringMatching(new RegExp(`^whether the created id (\\d+) is listed$`)),
      why: expect.stringMatching(/full \(100 records, the largest page\).*no way to read the next page/),
    });
    expect(Number(/id (\d+)/.exec(listed.notObservable[0].what)![1])).toBeGreaterThan(SEEDED);
  });

  it('the status filter: the records it returns are judged, that it returns all of them is not observable', () => {
    const filters = scenario(report, /^listPets status=\w+ returns only and all/);
    expect(filters).toHaveLength(3);
    for (const s of filters) {
      expect(s.status).toBe('not-observable');
      expect(s.notObservable.map((n) => n.what)).toEqual([
        expect.stringMatching(/^whether every record with status \w+ is returned$/),
      ]);
    }
  });

  it('getPet of a created id is seen and judged: every create-then-read scenario passed', () => {
    const reads = scenario(report, /then getPet returns it$/);
    expect(reads.length).toBeGreaterThanOrEqual(4);
    expect(reads.map((s) => s.status)).toEqual(reads.map(() => 'passed'));
  });

  it('every reporter shows it: pretty, json, junit', () => {
    const pretty = renderReport(report, 'pretty');
    expect(pretty).toMatch(
      /◌ createPet, then listPets includes the record\n\s+not observable: whether the created id \d+ is listed\n\s+why: the list is full/,
    );
    expect(pretty).toMatch(/PASS \d+ passed, 0 failed, 0 skipped, \d+ not observable, /);
    const json = JSON.parse(renderReport(report, 'json')) as Report;
    expect(json.summary.notObservable).toBe(report.summary.notObservable);
    expect(json.scenarios.find((s) => s.status === 'not-observable')?.notObservable[0].why).toMatch(/no way to read/);
    const junit = new XMLParser({ ignoreAttributes: false, processEntities: false }).parse(
      renderReport(report, 'junit'),
    );
    const cases = [junit.testsuites.testsuite]
      .flat()
      .flatMap((suite: { testcase: unknown }) => [suite.testcase].flat()) as {
      '@_name': string;
      skipped?: { '@_message': string };
    }[];
    const listed = cases.find((c) => c['@_name'] === 'createPet, then listPets includes the record')!;
    expect(listed.skipped?.['@_message']).toMatch(
      /^not observable: whether the created id \d+ is listed \(the list is full/,
    );
  });

  it('verify exits 0', async () => {
    const server = await startFaithful(manyRecords);
    let stdout = '';
    try {
      const code = await verifyCommand(
        ['--base-url', server.apiUrl, '--api-key', DEV_API_KEY, '--checks', 'createThenList'],
        { stdout: (t) => (stdout += t), stderr: (t) => (stdout += t), isTty: false, env: {} },
      );
      expect(code).toBe(0);
      expect(stdout).toMatch(
        /PASS 0 passed, 0 failed, 0 skipped, 1 not observable, 0 recommendation\(s\) of 1 scenarios/,
      );
    } finally {
      await server.close();
    }
  });
});

describe('what can be seen is still judged', () => {
  it('newest first: the created record is on the first page, so it is listed and judged', async () => {
    const report = await verify(newestFirst);
    expect(report.summary.failed).toBe(0);
    expect(scenario(report, /^createPet, then listPets includes the record$/)[0].status).toBe('passed');
  });

  it('a filter that returns records of another status fails, however many records there are', async () => {
    const ignoresPending = broken(
      'many-records-filter-ignored',
      (store) => (req) =>
        store.handle(
          is(req, 'GET', /\/pets$/) ? withQuery(req, (q) => q.get('status') === 'pending' && q.delete('status')) : req,
        ),
    );
    const report = await verify(ignoresPending);
    const [pending] = scenario(report, /^listPets status=pending/);
    expect(pending.status).toBe('failed');
    expect(pending.failures.map((f) => f.title)).toEqual(['FilterIgnored']);
  });

  it('getPet of a created id answering 404 fails, however many records there are', async () => {
    const unreadable = broken('many-records-created-unreadable', (store) => (req) => {
      const id = Number(parse(req).path.split('/').pop());
      return is(req, 'GET', /\/pets\/\d+$/) && id > SEEDED ? errorResponse('PET_NOT_FOUND') : store.handle(req);
    });
    const report = await verify(unreadable);
    const reads = scenario(report, /then getPet returns it$/);
    expect(reads.every((s) => s.status === 'failed' && s.failures.some((f) => f.title === 'CreatedNotReadable'))).toBe(
      true,
    );
  });
});

describe('verify run again and again against one mock (issue 28, item 10)', () => {
  it('the coverage lost to records of earlier runs is said once, with why and what to do', async () => {
    // Each run with writes adds records, and the interface has no way to delete them: past a page of
    // them, what the suite created falls beyond the first page. A fresh mock shows everything.
    const server = await serve({ port: 0 });
    try {
      // The generated phase at a tenth of its depth: its creates only hasten the page filling up.
      const options = { baseUrl: server.apiUrl, apiKey: DEV_API_KEY, allowWrites: true, maxExamples: 5 };
      const first = await runConformance(options);
      expect(first.summary.notObservable).toBe(0);
      const later: Report[] = [];
      for (let run = 0; run < 4; run++) later.push(await runConformance(options));
      const unseen = later.filter((report) => report.summary.notObservable > 0);
      expect(unseen.length).toBeGreaterThan(0);
      for (const report of unseen) {
        const lines = (report.causes ?? []).filter((line) => line.includes('could not see past a full list page'));
        expect(lines).toEqual([
          `${report.summary.notObservable} scenario(s) could not see past a full list page (100 records, the largest): ` +
            'the target holds more records than one page shows. If they are left from earlier runs (this run created at least ' +
            `${report.scenarios.reduce((n, s) => n + (s.created?.length ?? 0), 0)}, and the interface has no way to ` +
            "delete them), a fresh target shows these: restart it, or reset it (petstore-kit's mock: POST " +
            '/__admin/reset with the key).',
        ]);
        expect(report.summary.failed).toBe(0);
      }
      // Reset, the next run sees everything again.
      await fetch(`${server.url}/__admin/reset`, {
        method: 'POST',
        headers: { authorization: `Bearer ${DEV_API_KEY}` },
      });
      expect((await runConformance(options)).summary.notObservable).toBe(0);
    } finally {
      await server.close();
    }
  });
});
