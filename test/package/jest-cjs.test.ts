// Jest with ts-jest's default preset (CommonJS), the most common Jest set-up: the kit's Node entries load
// through require() in Jest's own module loader, and a test of the MSW handlers with a fault and Prefer
// passes, on Node 20, 22 and 24.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageTier } from './tier.ts';
import { runCommand } from './run-command.ts';

const tier = await packageTier();

describe('a Jest project on ts-jest’s default CommonJS preset', () => {
  for (const major of [20, 22, 24] as const) {
    it(`passes its tests on Node ${major}`, async () => {
      const node = major === 20 ? process.execPath : tier.nodes[major];
      const jest = join(tier.consumerJestCjs, 'node_modules/jest/bin/jest.js');
      const result = await runCommand(node, [jest, '--ci'], {
        cwd: tier.consumerJestCjs,
        env: { NODE_NO_WARNINGS: '1' },
      });
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stderr).toMatch(/Tests:\s+9 passed, 9 total/);
    });
  }
});
