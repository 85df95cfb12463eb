// Fits the stacks users have today (issue 21): fresh projects install the kit without a warning, a project
// that only runs verify gets no msw, and importing an MSW entry without msw says in one line how to add it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageTier } from './tier.ts';
import { runCommand } from './run-command.ts';

const tier = await packageTier();

describe('fresh installs of the tarball', () => {
  it.each(Object.keys(tier.installLogs))('%s: npm warns about nothing of the kit or its peers', (project) => {
    const warnings = tier.installLogs[project].split('\n').filter((line) => /\bwarn\b/i.test(line));
    // npm 11 lists other packages' own install scripts it did not run (msw's, esbuild's): notices about those
    // packages, shown to everyone who installs them, with or without the kit.
    const aboutOthers = (line: string) => /install-scripts/.test(line) && !/petstore-kit/.test(line);
    expect(warnings.filter((line) => !aboutOthers(line))).toEqual([]);
    expect(tier.installLogs[project]).not.toMatch(/ERESOLVE|EBADENGINE|peer dep|legacy-peer-deps|deprecated/i);
  });

  it('a project that only runs verify installs no msw and no graphql', async () => {
    const { stdout } = await runCommand('npm', ['ls', '--all', '--parseable'], { cwd: tier.consumerVerifyOnly });
    expect(stdout).not.toMatch(/node_modules\/(msw|graphql)(\n|$)/);
  });

  it('verify runs there against a mock served from the same install', async () => {
    const serve = await runCommand(tier.nodes[24], ['-e', SERVE_AND_VERIFY], { cwd: tier.consumerVerifyOnly });
    expect(serve.stderr).toBe('');
    expect(serve.stdout).toContain('verify exit 0');
  });

  it.each([
    ['import', "import('petstore-kit/msw')"],
    ['import', "import('petstore-kit/msw/node')"],
    ['require', "require('petstore-kit/msw')"],
    ['require', "require('petstore-kit/msw/node')"],
  ])('without msw, %s of an MSW entry fails with one line naming the install command: %s', async (_, load) => {
    const script = `Promise.resolve().then(() => ${load}).then(() => console.log('loaded'), (error) => console.log(error.message))`;
    const { stdout } = await runCommand(tier.nodes[24], ['-e', script], { cwd: tier.consumerVerifyOnly });
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stdout).toMatch(
      /^\[petstore-kit\] Failed to load petstore-kit\/msw(\/node)?: msw is not installed \(an optional peer dependency of petstore-kit\)\. Run: npm install --save-dev msw@'\^2\.10\.0 \|\| \^3\.0\.0'/,
    );
  });
});

describe('the dual-package hazard', () => {
  it.each([20, 22, 24] as const)(
    'one state-file lock per process across the ESM and CommonJS builds, Node %i',
    async (major) => {
      const node = major === 20 ? process.execPath : tier.nodes[major];
      const dir = await mkdtemp(join(tmpdir(), 'dual-run-'));
      try {
        const result = await runCommand(node, [join(tier.consumer, 'dual-package.mjs')], {
          cwd: tier.consumer,
          env: { TMPDIR: dir },
        });
        expect(result.stdout, result.stderr).toContain('one lock per process across both builds');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});

/** Starts the installed kit's mock, runs the installed `petstore-kit verify` against it, prints its exit code. */
const SERVE_AND_VERIFY = `
const { serve } = require('petstore-kit/node');
const { execFile } = require('node:child_process');
serve({ port: 0 }).then((server) => {
  const args = ['node_modules/.bin/petstore-kit', 'verify', '--base-url', server.apiUrl, '--api-key', 'petstore-dev-key', '--reporter', 'json', '--output', 'report.json'];
  execFile(process.execPath, args, (error) => {
    console.log('verify exit ' + (error ? error.code : 0));
    server.close();
  });
});
`;
