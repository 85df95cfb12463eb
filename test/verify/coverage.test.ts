// Axis 1 of coverage (docs/coverage.md): verify says which cells of the interface its run reached. Against
// the kit's mock every reachable cell is reached and `--min-coverage 100` passes; a read-only run without the
// quickstart cannot reach the cells of writes and of the quickstart, fails `--min-coverage 100` and names
// each such cell with why, in every reporter (markdown for a CI job summary, JUnit properties).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../src/node/serve.ts';
import type { Report } from '../../contract-tests/index.ts';
import { runVerify } from '../support/run-verify.ts';

const KEY = 'sk-live-9a8b7c6d5e4f3a2b';
let server: RunningServer;
let dir: string;
let full: string[];
let readOnly: string[];
beforeAll(async () => {
  server = await serve({ port: 0, apiKeys: [KEY] });
  dir = await mkdtemp(join(tmpdir(), 'petstore-coverage-'));
  full = ['--base-url', server.apiUrl, '--quickstart-url', server.quickstartUrl, '--api-key', KEY];
  readOnly = ['--base-url', server.apiUrl, '--api-key', KEY, '--read-only'];
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('against the kit mock', () => {
  it('reaches every reachable cell: --min-coverage 100 passes, the three out of reach say why', async () => {
    const { code, stdout } = await runVerify([...full, '--min-coverage', '100', '--reporter', 'json']);
    const { coverage } = JSON.parse(stdout) as Report;
    expect(code).toBe(0);
    expect(coverage!.cells.filter((cell) => cell.state === 'missing')).toEqual([]);
    expect([coverage!.percent, coverage!.reached, coverage!.minimum]).toEqual([100, coverage!.reachable, 100]);
    const outOfReach = coverage!.cells.filter((cell) => cell.state === 'out of reach');
    expect(outOfReach.map((cell) => cell.id)).toEqual([
      'createPet answer 503',
      'getPet answer 410',
      'sendMessage answer 503',
    ]);
    expect(outOfReach[1].why).toMatch(/^only on or after 2030-12-05, the removal date/);
    // Every cell of the generated table is measured, in its order.
    const published = JSON.parse(await readFile('docs/interface-cells.json', 'utf8')) as { id: string }[];
    expect(coverage!.cells.map((cell) => cell.id)).toEqual(published.map((cell) => cell.id));
  });

  it('writes the markdown summary beside a JUnit report (--summary), the coverage in both', async () => {
    const summary = join(dir, 'summary.md');
    const junit = join(dir, 'report.xml');
    await writeFile(summary, '# earlier step\n');
    const { code, stdout } = await runVerify([...full, '--reporter', 'junit', '--output', junit, '--summary', summary]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^PASS .* coverage 100%; junit report written to /);
    const markdown = await readFile(summary, 'utf8');
    expect(markdown).toMatch(/^# earlier step\n### petstore-kit verify: ✅ PASS\n/);
    expect(markdown).toMatch(/coverage 100% of the interface's reachable cells \((\d+) of \1; 3 out of reach\)/);
    const xml = await readFile(junit, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml);
    const suite = parsed.testsuites.testsuite.find((s: Record<string, string>) => s['@_name'] === 'coverage');
    expect(suite.properties.property[0]).toEqual({ '@_name': 'coverage', '@_value': '100%' });
  });
});

describe('a read-only run without the quickstart', () => {
  it('fails --min-coverage 100, naming each cell it missed and why', async () => {
    const { code, stdout, stderr } = await runVerify([...readOnly, '--min-coverage', '100']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^coverage [\d.]+% is below --min-coverage 100%; cells missed: .*createPet body: valid/m);
    expect(stderr).toContain('sendMessage answer 202');
    expect(stdout).toMatch(
      /^ {2}missing \d+, scenarios of createPet were skipped: read-only run: .*: createPet answer 201, /m,
    );
    expect(stdout).toMatch(/^ {2}missing \d+, scenarios of sendMessage were skipped: no quickstart URL given/m);
    expect(stdout).toMatch(/^FAIL 0 failed|^FAIL .* 0 failed, .*; coverage [\d.]+% below --min-coverage 100%$/m);
  });

  it('passes a minimum it meets, and says the cells it missed all the same (markdown)', async () => {
    const { code, stdout } = await runVerify([...readOnly, '--min-coverage', '50', '--reporter', 'markdown']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^### petstore-kit verify: ✅ PASS$/m);
    expect(stdout).toMatch(/at least --min-coverage 50%/);
    expect(stdout).toMatch(/^<details><summary>Cells missed \(\d+\)<\/summary>$/m);
    expect(stdout).toMatch(/^\| createPet body: valid \| scenarios of createPet were skipped: read-only run: /m);
  });
});

describe('usage', () => {
  it.each(['101', '100.5', 'all', '50%'])('--min-coverage %s: exit 2, one line', async (value) => {
    const { code, stderr } = await runVerify([...readOnly, '--min-coverage', value]);
    expect(code).toBe(2);
    expect(stderr).toContain(`--min-coverage must be a percentage from 0 to 100 (e.g. 100 or 92.5), not "${value}"`);
  });
});
