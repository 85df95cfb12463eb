// A consumer's TypeScript against the installed .d.ts, under both module resolutions users pick.
import { inject, expect, it } from 'vitest';
import { join } from 'node:path';
import { devTool, runCommand } from './run-command.ts';

const tier = inject('packageTier');

for (const resolution of ['node16', 'bundler']) {
  it(`tsc --noEmit of a consumer file under moduleResolution ${resolution}`, async () => {
    const project = join(tier.consumer, 'types', `tsconfig.${resolution}.json`);
    const result = await runCommand(process.execPath, [devTool('typescript/bin/tsc'), '-p', project], {
      cwd: tier.consumer,
    });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
}
