// A consumer's Jest suite (native ESM) using petstore-kit/msw with its own msw/node, from the tarball.
import { expect, it } from 'vitest';
import { packageTier } from './tier.ts';
import { join } from 'node:path';
import { runCommand } from './run-command.ts';

const tier = await packageTier();

it('a Jest test with petstore-kit/msw and msw/node passes', async () => {
  const config = JSON.stringify({
    rootDir: join(tier.consumer, 'jest'),
    testMatch: ['**/*.test.mjs'],
    transform: {},
    testEnvironment: 'node',
  });
  const result = await runCommand(
    process.execPath,
    ['--experimental-vm-modules', join(tier.consumer, 'node_modules/jest/bin/jest.js'), '--config', config, '--ci'],
    {
      cwd: tier.consumer,
      env: { NODE_NO_WARNINGS: '1' },
    },
  );
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).toMatch(/Tests:\s+3 passed, 3 total/);
});
