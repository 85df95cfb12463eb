// Plain Dredd, as anyone would run it, on the document the mock follows: `dredd <document> <url>` with a
// hook file that only adds the Authorization header runs to completion (no derived copy of the document,
// no abort on a missing example). Transactions that need a recipe (a 401 sent with a key, a 404 sent with
// an existing id...) fail without the kit's hooks: that is what `petstore-kit dredd` adds.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { document } from '../../src/openapi/document.gen.ts';
import { indexOperations } from '../../src/openapi/index-operations.ts';
import { serve, type RunningServer } from '../../src/node/serve.ts';
import { parseCounts } from '../../integrations/dredd/run-dredd.ts';

const DREDD = join(dirname(createRequire(import.meta.url).resolve('dredd/package.json')), 'bin', 'dredd');
const DOCUMENT = new URL('../../spec/petstore-kit.openapi.yaml', import.meta.url).pathname;
const HOOKS = `const hooks = require('hooks');\nhooks.beforeEach((transaction, done) => {\n  transaction.request.headers.Authorization = 'Bearer ${DEV_API_KEY}';\n  done();\n});\n`;

describe('plain dredd <document> <url> with a hook that only adds Authorization', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    server = await serve({ port: 0 });
    dir = await mkdtemp(join(tmpdir(), 'petstore-kit-plain-dredd-'));
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs every transaction of spec/petstore-kit.openapi.yaml to completion, and the documented successes pass', async () => {
    const hookfile = join(dir, 'hooks.cjs');
    await writeFile(hookfile, HOOKS);
    const env = { ...process.env, FORCE_COLOR: '0', NODE_NO_WARNINGS: '1' };
    const result = await promisify(execFile)(
      process.execPath,
      [DREDD, DOCUMENT, server.apiUrl, `--hookfiles=${hookfile}`],
      { env, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error) => error);
    const output = `${result.stdout}${result.stderr}`.replace(/\u001b\[[0-9;]*m/g, '');
    const transactions = indexOperations(document).reduce((sum, op) => sum + Object.keys(op.responses).length, 0);
    const counts = parseCounts(output);
    expect(counts, output.slice(-2000)).toBeDefined();
    expect(counts!.total).toBe(transactions);
    expect(counts!.errors).toBe(0);
    for (const line of ['pass: GET (200) /pets', 'pass: POST (201) /pets', 'pass: GET (200) /pets/1'])
      expect(output).toContain(line);
  });
});
