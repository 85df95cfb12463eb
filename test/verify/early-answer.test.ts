// verify reads what the target said (issue 20, item 2). A target that answers 413 on the headers and
// closes at once, without lingering, races the client's upload: the client's next write fails (EPIPE,
// ECONNRESET) with the answer already in its receive buffer. fetch dropped that answer in 5–15 % of
// uploads; verify's transport reads it, so the 413 is judged and only a silent target is "no response".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../contract-tests/index.ts';
import { createNodeTransport } from '../../contract-tests/http/node-transport.ts';
import { startChildTarget, type ChildTarget } from '../support/child-target.ts';

const OVER_LIMIT = 'x'.repeat(1024 * 1024 + 1);

describe('a target that answers 413 before reading the body and closes at once', () => {
  let target: ChildTarget;
  beforeAll(async () => {
    target = await startChildTarget('answers-early-and-closes');
  });
  afterAll(() => target.stop());

  it('each of 200 uploads (8 at a time) reads the 413 the target sent', async () => {
    const transport = createNodeTransport();
    const statuses: (number | string)[] = [];
    const upload = async () => {
      try {
        const response = await transport.fetch(`${target.origin}/v1/pets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: OVER_LIMIT,
          signal: AbortSignal.timeout(60_000),
        });
        expect(await response.json()).toMatchObject({ status: 413 });
        statuses.push(response.status);
      } catch (error) {
        statuses.push(String((error as NodeJS.ErrnoException).code ?? error));
      }
    };
    for (let round = 0; round < 25; round++) await Promise.all(Array.from({ length: 8 }, upload));
    transport.close();
    expect(statuses.filter((status) => status !== 413)).toEqual([]);
    expect(statuses).toHaveLength(200);
  });

  it('verify judges the 413 in 50 runs of the over-limit scenarios: never "no response"', async () => {
    for (let run = 0; run < 50; run++) {
      const report = await runConformance({
        baseUrl: `${target.origin}/v1`,
        quickstartUrl: `${target.origin}/quickstart`,
        apiKey: 'sk-early',
        allowWrites: true,
        checks: ['payloadTooLarge'],
      });
      const overLimit = report.scenarios.filter((scenario) => scenario.name.includes('over the'));
      expect(overLimit.length).toBeGreaterThan(0);
      const failures = overLimit.flatMap((scenario) => scenario.failures.map((f) => `${f.title}: ${f.message}`));
      expect(failures, `run ${run + 1}`).toEqual([]);
    }
  });
});
