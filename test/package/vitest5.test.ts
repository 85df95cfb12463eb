// vitest 5 with msw 3, the registry's current majors, on Node 22 and 24: a consumer's test of the kit's MSW
// handlers with a fault and Prefer, and the conformance suite as a vitest project, from the installed package.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageTier } from './tier.ts';
import { runCommand } from './run-command.ts';

const tier = await packageTier();

describe('a project on vitest 5 and msw 3', () => {
  it('has vitest 5 and msw 3, one copy of each', async () => {
    const { stdout } = await runCommand('npm', ['ls', 'vitest', 'msw', '--json'], { cwd: tier.consumerVitest5 });
    const tree = JSON.parse(stdout);
    expect(tree.dependencies.vitest.version).toMatch(/^5\./);
    expect(tree.dependencies.msw.version).toMatch(/^3\./);
  });

  for (const major of [22, 24] as const) {
    it(`its test with petstore-kit/msw/node, a fault and Prefer passes on Node ${major}`, async () => {
      const vitest = join(tier.consumerVitest5, 'node_modules/vitest/vitest.mjs');
      const result = await runCommand(tier.nodes[major], [vitest, 'run'], { cwd: tier.consumerVitest5 });
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toMatch(/Tests\s+4 passed \(4\)/);
    });
  }

  it('the conformance suite as a vitest project from the installed package passes against the installed mock, on vitest 5', async () => {
    const script = `
const { serve } = require('petstore-kit/node');
const { execFile } = require('node:child_process');
serve({ port: 0 }).then((server) => {
  const args = ['node_modules/vitest/vitest.mjs', 'run', '--config', 'node_modules/petstore-kit/dist/integrations/vitest/vitest.config.js'];
  const env = { ...process.env, TARGET_URL: server.apiUrl, QUICKSTART_URL: server.quickstartUrl, PETSTORE_API_KEY: 'petstore-dev-key' };
  execFile(process.execPath, args, { env }, (error, stdout) => {
    console.log(stdout.split('\\n').filter((line) => /Tests\\s/.test(line)).join('\\n'));
    console.log('exit ' + (error ? error.code : 0));
    server.close();
  });
});`;
    const result = await runCommand(tier.nodes[24], ['-e', script], { cwd: tier.consumerVitest5 });
    expect(result.stdout, result.stderr).toContain('exit 0');
    expect(result.stdout).toMatch(/Tests\s+\d+ passed/);
    expect(result.stdout).not.toMatch(/failed/);
  });
});
