// Dredd 14 with the kit's hooks, run as `petstore-kit dredd` does, against our mock: every transaction
// Dredd derives from the spec passes, none is skipped without a written reason, the key never shows,
// and a target that departs from the spec fails.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPetStore, DEV_API_KEY } from '../../src/core/index.ts';
import { document } from '../../src/openapi/document.gen.ts';
import { indexOperations } from '../../src/openapi/index-operations.ts';
import { listen } from '../../src/node/listen.ts';
import { serve } from '../../src/node/serve.ts';
import { dreddCommand } from '../../cli/dredd.ts';
import { parseCounts } from '../../integrations/dredd/run-dredd.ts';

const operations = indexOperations(document);
/** Dredd derives one transaction per documented (operation, status). */
const transactionsInSpec = operations.reduce((sum, op) => sum + Object.keys(op.responses).length, 0);
const sunsetOperations = operations.filter((op) => op.sunset && op.responses['410']);
/** Our StorageFailed 503s: only a disk that refuses a write produces them, so Dredd skips them with that reason. */
const diskOnly = operations.filter((op) => op.responses['503']).length;
const cleanups: (() => Promise<void>)[] = [];

/** Dredd's summary when every transaction passes but `skipped` ones. */
const allPassBut = (skipped: number) => ({
  passing: transactionsInSpec - skipped,
  failing: 0,
  errors: 0,
  skipped,
  total: transactionsInSpec,
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('petstore-kit dredd against our mock', () => {
  it('passes every transaction, the 410 included when a server past the sunset is given', async () => {
    const server = await started(serve({ port: 0 }));
    const afterSunset = await started(serve({ port: 0, now: () => dayAfter(sunsetOperations[0]!.sunset!) }));
    const { code, output } = await runCommand([
      '--base-url',
      server.apiUrl,
      '--api-key',
      DEV_API_KEY,
      '--quickstart-url',
      server.quickstartUrl,
      '--sunset-url',
      afterSunset.apiUrl,
    ]);

    expect(parseCounts(output)).toEqual(allPassBut(diskOnly));
    expect(code).toBe(0);
    expect(transactionsInSpec).toBeGreaterThanOrEqual(16);
    expect(output).not.toContain(DEV_API_KEY);
  });

  it('without a server past the sunset, skips only the 410 transaction (and the disk-only 503s), and says why', async () => {
    const server = await started(serve({ port: 0 }));
    const { code, output } = await runCommand(['--base-url', server.apiUrl, '--api-key', DEV_API_KEY]);

    expect(sunsetOperations.length).toBeGreaterThan(0);
    expect(parseCounts(output)).toEqual(allPassBut(sunsetOperations.length + diskOnly));
    expect(code).toBe(0);
    const skips = output.split('\n').filter((line) => line.startsWith('skip: '));
    const reasons = output.split('\n').filter((line) => /^hook: skipped .+: .+(sunset|cannot be saved)/.test(line));
    expect(skips.filter((line) => !line.includes('(503)'))).toEqual(['skip: GET (410) /pets/1']);
    expect(reasons).toHaveLength(skips.length);
  });
});

describe('petstore-kit dredd against a target that departs from the spec', () => {
  it('fails the transactions whose response breaks the schema, and still hides the key', async () => {
    const store = createPetStore();
    const broken = await started(
      listen((request) => {
        const response = store.handle(request);
        if (request.method === 'GET' && /^\/v1\/pets\/\d+$/.test(request.url) && response.status === 200) {
          const { name: _dropped, ...pet } = JSON.parse(response.body!) as Record<string, unknown>;
          return { ...response, body: JSON.stringify(pet) };
        }
        return response;
      }),
    );
    const { code, output } = await runCommand(['--base-url', `${broken.url}/v1`, '--api-key', DEV_API_KEY]);

    expect(code).toBe(1);
    expect(parseCounts(output)).toEqual(expect.objectContaining({ failing: 1, errors: 0, total: transactionsInSpec }));
    expect(output).toMatch(/fail: GET \(200\) \/pets\/1/);
    expect(output).toContain('Missing required property: name');
    expect(output).toContain('Authorization: Bearer <redacted>');
    expect(output).not.toContain(DEV_API_KEY);
  });

  it('refuses to run without a key (exit 2)', async () => {
    const { code, output } = await runCommand(['--base-url', 'http://127.0.0.1:9/v1']);
    expect(code).toBe(2);
    expect(output).toContain('--api-key is required');
  });
});

async function started<T extends { close(): Promise<void> }>(server: Promise<T>): Promise<T> {
  const running = await server;
  cleanups.push(() => running.close());
  return running;
}

/** Runs the command, capturing what it prints. */
async function runCommand(argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  const code = await dreddCommand(argv);
  return { code, output: lines.join('\n') };
}

function dayAfter(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000);
}
