// The example's service worker script must be the one the installed msw ships: MSW checks the
// worker's integrity at start and misbehaves against a stale copy. Refresh with `npm run msw:init`.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';

const require = createRequire(import.meta.url);

it('examples/public/mockServiceWorker.js equals the installed msw worker', async () => {
  const installedPath = require.resolve('msw/mockServiceWorker.js');
  const { version } = require('msw/package.json') as { version: string };
  const [committed, installed] = await Promise.all([
    readFile(new URL('../../examples/public/mockServiceWorker.js', import.meta.url), 'utf8'),
    readFile(installedPath, 'utf8'),
  ]);
  expect(
    committed,
    `examples/public/mockServiceWorker.js differs from ${installedPath} (msw ${version}); run npm run msw:init`,
  ).toBe(installed);
  expect(committed).toContain(`const PACKAGE_VERSION = '${version}'`);
});
