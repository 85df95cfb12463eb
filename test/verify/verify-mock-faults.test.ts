// The judge catches an unreliable server: our own mock with a fault armed (issue 12) fails verify, with
// findings that name what happened, while the same mock without faults passes (verify-mock.test.ts).
import { describe, expect, it } from 'vitest';
import type { FaultInput } from '../../src/core/index.ts';
import { serve } from '../../src/node/serve.ts';
import type { Report } from '../../contract-tests/index.ts';
import { verifyStarted } from '../support/verify-started.ts';

const verifyWith = (fault: FaultInput): Promise<Report> =>
  verifyStarted(() => serve({ port: 0, faults: [fault] }), { timeoutMs: 2000 });

const findings = (report: Report) =>
  report.scenarios.flatMap((s) => s.failures.map((f) => ({ check: s.check, title: f.title, message: f.message })));

describe('verify against the mock with a fault armed', () => {
  it('reports a 503 on listPets as a server error of listPets, and only listPets scenarios fail', async () => {
    const report = await verifyWith({ operation: 'listPets', status: 503 });
    expect(report.summary.failed).toBeGreaterThan(0);
    expect(findings(report)).toContainEqual(
      expect.objectContaining({ title: 'ServerError', message: expect.stringMatching(/listPets answered 503/) }),
    );
    // The other operations still pass where they do not read the list (getPet's scenarios take an id from
    // it, createThenList and fieldEdges read back through it): every failure is the fault's 503.
    const passed = report.scenarios.filter((s) => s.status === 'passed').map((s) => s.name);
    expect(passed.some((name) => /^sendMessage/.test(name))).toBe(true);
    expect(passed.some((name) => /^createPet/.test(name))).toBe(true);
    const failed = report.scenarios.filter((s) => s.status === 'failed');
    const notFromTheFault = failed.filter((s) => !s.failures.some((f) => /listPets answered 503/.test(f.message)));
    expect(notFromTheFault.map((s) => s.name)).toEqual([]);
  });

  it('reports a dropped connection on getPet as no response', async () => {
    const report = await verifyWith({ operation: 'getPet', fault: 'drop-connection' });
    expect(findings(report)).toContainEqual(
      expect.objectContaining({
        title: 'NoResponse',
        message: expect.stringMatching(/GET .*\/v1\/pets\/\d+ got no usable response.*closed the connection/),
      }),
    );
  });
});
