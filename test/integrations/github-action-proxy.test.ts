// The GitHub Action with proxy-command (action.yml, issue 32 item 6): its script, action/proxy.sh, runs through
// bash as the runner runs it. It starts `petstore-kit proxy` in front of a target on loopback, runs the user's
// command with PETSTORE_PROXY_URL, stops the proxy so that it writes its report (the JUnit file and the
// markdown summary, with the traffic coverage) and sets the outputs; a command that fails, traffic that breaks
// the interface, traffic below min-coverage, a proxy that cannot start and a kit started through a launcher (as npx starts it) each end
// the step as docs/ci-workflow.md says.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer } from '../../src/node/serve.ts';
import { freePort } from '../support/free-port.ts';
import { KIT_COMMAND, runActionScript } from '../support/run-action.ts';

let mock: RunningServer;
let dir: string;
beforeAll(async () => {
  mock = await serve({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'petstore-action-proxy-'));
});
afterAll(async () => {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

/** The user's command: two requests through the proxy, as an app's end-to-end suite sends them. */
const APP = `curl -sf -H "Authorization: Bearer ${DEV_API_KEY}" "$PETSTORE_PROXY_URL/pets?limit=5" > /dev/null && curl -s -o /dev/null "$PETSTORE_PROXY_URL/pets/1"`;

const runProxy = async (inputs: Record<string, string>) =>
  runActionScript('proxy.sh', dir, { PROXY_PORT: String(await freePort()), ...inputs });

describe('action/proxy.sh', () => {
  it('runs the command through the proxy and writes its report: JUnit, the summary with the coverage, exit 0', async () => {
    const { code, stdout, stepSummary, outputs } = await runProxy({
      BASE_URL: mock.apiUrl,
      QUICKSTART_URL: mock.quickstartUrl,
      PROXY_COMMAND: APP,
    });
    expect(code).toBe(0);
    expect(outputs['exit-code']).toBe('0');
    expect(outputs['command-exit-code']).toBe('0');
    expect(outputs['proxy-url']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(stdout).toContain(`petstore-kit proxy at ${outputs['proxy-url']}, in front of ${mock.apiUrl}`);
    expect(stdout).toMatch(/Stopped \(received SIGTERM\)\. 2 exchange\(s\), 2 judged, 0 with a failure; PASS/);
    const junit = await readFile(outputs['junit-file'], 'utf8');
    expect(XMLValidator.validate(junit)).toBe(true);
    expect(junit).toContain('<testsuites name="petstore-kit proxy"');
    expect(stepSummary).toMatch(
      /^### petstore-kit proxy: ✅ PASS\n\n2 exchange\(s\) forwarded, 2 judged, 0 with a failure; 1 deprecated call\(s\), 0 would break on the removal date\n\n\*\*3 passed, 0 failed, 3 skipped/,
    );
    expect(stepSummary).toMatch(
      /📐 coverage \d+(\.\d)?% of the interface's reachable cells \(\d+ of \d+; 3 out of reach\)/,
    );
    expect(stepSummary).toMatch(/^<details><summary>Cells missed \(\d+\)<\/summary>$/m);
    expect(outputs.summary).toBe(stepSummary.replace(/\n$/, ''));
    expect(await readFile(outputs['summary-file'], 'utf8')).toBe(stepSummary);
  });

  it('a command that fails fails the step with its exit code, the report written all the same', async () => {
    const { code, stepSummary, outputs } = await runProxy({ BASE_URL: mock.apiUrl, PROXY_COMMAND: `${APP}; exit 3` });
    expect(code).toBe(3);
    expect(outputs['command-exit-code']).toBe('3');
    expect(outputs['exit-code']).toBe('0');
    expect(stepSummary).toMatch(/^### petstore-kit proxy: ✅ PASS\n/);
  });

  it('traffic that breaks the interface: exit 1, the failure in the summary and the JUnit file', async () => {
    // A target whose list is no list: a schema failure in the traffic.
    const target: Server = createServer((_, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"pets":"none"}'),
    );
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/v1`;
      const { code, stepSummary, outputs } = await runProxy({ BASE_URL: url, PROXY_COMMAND: APP });
      expect(code).toBe(1);
      expect(outputs['exit-code']).toBe('1');
      expect(outputs['command-exit-code']).toBe('0');
      expect(stepSummary).toMatch(/^### petstore-kit proxy: ❌ FAIL\n/);
      expect(stepSummary).toMatch(/^<details open><summary>Failed \(\d+\)<\/summary>$/m);
      expect(await readFile(outputs['junit-file'], 'utf8')).toMatch(/<failure /);
    } finally {
      await new Promise((resolve) => target.close(resolve));
    }
  });

  it('started through a launcher that a signal ends (as npx is), the proxy is still stopped and its verdict read', async () => {
    // npx runs the kit below a shell of its own and dies of the signal itself: a launcher that does the same.
    const launcher = join(dir, 'launcher.sh');
    await writeFile(launcher, `#!/bin/sh\n${KIT_COMMAND} "$@"\necho "launcher: the kit ended"\n`);
    await chmod(launcher, 0o755);
    const { code, stdout, stepSummary, outputs } = await runProxy({
      BASE_URL: mock.apiUrl,
      PROXY_COMMAND: APP,
      COMMAND: launcher,
    });
    expect(stdout).toContain('Stopped (received SIGTERM)');
    expect(stdout).not.toContain('launcher: the kit ended');
    expect(code).toBe(0);
    expect(outputs['exit-code']).toBe('0');
    expect(stepSummary).toMatch(/^### petstore-kit proxy: ✅ PASS\n/);
  });

  it('min-coverage reaches the proxy: traffic below it fails the step (exit 1) and the log names the cells missed', async () => {
    const below = await runProxy({ BASE_URL: mock.apiUrl, MIN_COVERAGE: '100', PROXY_COMMAND: APP });
    expect(below.code).toBe(1);
    expect(below.outputs['exit-code']).toBe('1');
    expect(below.outputs['command-exit-code']).toBe('0');
    expect(below.stdout).not.toContain('::warning::');
    expect(below.stdout).toMatch(/is below --min-coverage 100%; cells missed: listPets answer 400, /);
    expect(below.stepSummary).toMatch(/^### petstore-kit proxy: ❌ FAIL\n/);
    expect(below.stepSummary).toMatch(
      /❌ coverage [\d.]+% of the interface's reachable cells \(.*below --min-coverage 100%\)/,
    );
    expect(await readFile(below.outputs['junit-file'], 'utf8')).toContain('type="CoverageBelowMinimum"');

    const above = await runProxy({ BASE_URL: mock.apiUrl, MIN_COVERAGE: '1', PROXY_COMMAND: APP });
    expect(above.code).toBe(0);
    expect(above.outputs['exit-code']).toBe('0');
    expect(above.stepSummary).toMatch(/^### petstore-kit proxy: ✅ PASS\n/);
    expect(above.stepSummary).toMatch(/📐 coverage .*at least --min-coverage 1%/);
  });

  it('a proxy that cannot start: exit 2, the command never run, and a summary that says so', async () => {
    const port = new URL(mock.url).port; // taken by the mock
    const marker = join(dir, 'ran');
    const { code, stdout, stepSummary, outputs } = await runProxy({
      BASE_URL: mock.apiUrl,
      PROXY_PORT: port,
      PROXY_COMMAND: `touch ${marker}`,
    });
    expect(code).toBe(2);
    expect(outputs['exit-code']).toBe('2');
    expect(stdout).toContain(`port ${port}`);
    expect(stepSummary).toBe(
      `### petstore-kit proxy: no report\n\nthe proxy did not start on port ${port} (exit code 2): the step's log says why.\n`,
    );
    await expect(readFile(marker)).rejects.toThrow(/ENOENT/);
  });
});
