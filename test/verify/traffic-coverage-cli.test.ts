// Axis 2 of coverage from the command line (docs/coverage.md): `petstore-kit coverage FILE` as a child process
// of bin/petstore-kit.mjs, on the recorded session in fixtures/, on the journal a running `serve` exports as
// HAR, and on a log another tool wrote (no base URL in it: --base-url is the user's), in the cells of the
// interface the kit ships or of a user's own document and overlay (--spec, --overlay). --min-coverage fails
// as verify's does, naming the cells missed; a file it cannot use is one line and exit 2.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { TrafficCoverageReport } from '../../contract-tests/reporters/traffic-coverage-report.ts';
import { serve, type RunningServer } from '../../src/node/serve.ts';
import { runCli } from '../support/cli-child.ts';

const KEY = 'sk-live-1f2e3d4c5b6a7988';
const SESSION = 'fixtures/session.har';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-traffic-coverage-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const reached = (report: TrafficCoverageReport) =>
  report.coverage.cells.filter((cell) => cell.state === 'reached').map((cell) => cell.id);

/** `petstore-kit coverage ARGS --reporter json --output FILE`: the exit code, what it printed, the report. */
async function measure(args: string[]) {
  const output = join(dir, `report-${Math.random().toString(36).slice(2)}.json`);
  const run = await runCli(['coverage', ...args, '--reporter', 'json', '--output', output]);
  const report = JSON.parse(await readFile(output, 'utf8')) as TrafficCoverageReport;
  return { ...run, report };
}

describe('petstore-kit coverage on the recorded session in fixtures/', () => {
  it('reads the base URLs from the log the kit wrote and says which cells its traffic reached', async () => {
    const { code, output, report } = await measure([SESSION]);
    expect(code).toBe(0);
    expect(report).toMatchObject({
      tool: 'petstore-kit coverage',
      source: SESSION,
      creator: 'petstore-kit 0.1.0',
      baseUrl: 'http://127.0.0.1:4010/v1',
      quickstartUrl: 'http://127.0.0.1:4010/quickstart',
      baseUrlsFrom: 'log',
      exchanges: { total: 5, counted: 5 },
    });
    expect(reached(report)).toEqual(
      expect.arrayContaining(['listPets status: "sold"', 'createPet body: valid', 'getPet answer 404']),
    );
    expect(report.coverage.cells.find((cell) => cell.id === 'listPets limit: above')).toMatchObject({
      state: 'missing',
      why: 'the traffic never got it',
    });
    expect(output).toMatch(
      /^coverage \d+(\.\d)?% of the interface's reachable cells \(\d+ of 56; 3 out of reach\) in 5 exchange\(s\)/,
    );
  });

  it('--min-coverage: exit 1 below it, naming the cells missed on stderr; exit 0 at or above it', async () => {
    const below = await measure([SESSION, '--min-coverage', '100']);
    expect(below.code).toBe(1);
    expect(below.report.coverage.minimum).toBe(100);
    expect(below.output).toMatch(/^FAIL coverage /);
    expect(below.output).toMatch(
      /is below --min-coverage 100%; cells missed: listPets answer 400, .*listPets limit: above/,
    );
    const above = await measure([SESSION, '--min-coverage', '10']);
    expect([above.code, above.output]).toEqual([
      0,
      expect.stringMatching(/^PASS coverage .*at least --min-coverage 10%/),
    ]);
  });

  it('writes pretty, markdown and JUnit reports with the cells missed', async () => {
    const pretty = await runCli(['coverage', SESSION]);
    expect(pretty.code).toBe(0);
    expect(pretty.output).toContain('petstore-kit coverage: fixtures/session.har (written by petstore-kit 0.1.0)');
    expect(pretty.output).toMatch(/\n {2}missing \d+, the traffic never got it: listPets answer 400, /);
    expect(pretty.output).toMatch(/\n {2}reached \d+: listPets answer 200, /);
    const markdown = await runCli(['coverage', SESSION, '--reporter', 'markdown', '--min-coverage', '100']);
    expect(markdown.code).toBe(1);
    expect(markdown.output).toMatch(/^### petstore-kit coverage: ❌ FAIL\n/);
    expect(markdown.output).toContain('<details open><summary>Cells missed (');
    expect(markdown.output).toContain('| listPets limit: above | the traffic never got it |');
    const junitFile = join(dir, 'coverage.xml');
    const junit = await runCli([
      'coverage',
      SESSION,
      '--reporter',
      'junit',
      '--output',
      junitFile,
      '--min-coverage',
      '100',
    ]);
    expect(junit.code).toBe(1);
    const xml = await readFile(junitFile, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(parsed.testsuites['@_name']).toBe('petstore-kit coverage');
    expect(parsed.testsuites.testsuite.testcase.failure['@_type']).toBe('CoverageBelowMinimum');
  });
});

describe('petstore-kit coverage on a log another tool wrote', () => {
  let browserHar: string;
  beforeAll(async () => {
    const har = JSON.parse(await readFile(SESSION, 'utf8'));
    har.log.creator = { name: 'Playwright', version: '1.50.0' };
    browserHar = join(dir, 'browser.har');
    await writeFile(browserHar, JSON.stringify(har));
  });

  it('asks for --base-url (exit 2, one line and the pointer to --help), and measures with it', async () => {
    const refused = await runCli(['coverage', browserHar]);
    expect(refused.code).toBe(2);
    expect(refused.output).toBe(
      `petstore-kit coverage: --base-url is required: ${browserHar} was not written by petstore-kit (its creator: Playwright 1.50.0), so where the API was is not known (e.g. --base-url http://127.0.0.1:4010/v1)\nRun petstore-kit coverage --help for usage.\n`,
    );
    const { code, report } = await measure([browserHar, '--base-url', 'http://127.0.0.1:4010/v1']);
    expect(code).toBe(0);
    expect([report.baseUrlsFrom, report.quickstartUrl, report.exchanges]).toEqual([
      'flags',
      undefined,
      { total: 5, counted: 5 },
    ]);
    // Sent elsewhere: nothing counted.
    const elsewhere = await measure([browserHar, '--base-url', 'http://127.0.0.1:9999/v1']);
    expect([elsewhere.report.exchanges, elsewhere.report.coverage.reached]).toEqual([{ total: 5, counted: 0 }, 0]);
  });
});

describe("petstore-kit coverage in a user's own document (--spec) and overlay (--overlay)", () => {
  /** The document the kit judges by, with one operation more and one status more for listPets. */
  async function ownDocument(): Promise<string> {
    const document = parse(await readFile('spec/petstore-kit.openapi.yaml', 'utf8'));
    document.paths['/pets'].get.responses['418'] = { description: 'a status of our own' };
    document.paths['/pets/{petId}/photos'] = {
      get: {
        operationId: 'listPetPhotos',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'the photos' } },
      },
    };
    const path = join(dir, 'own.openapi.yaml');
    await writeFile(path, stringify(document));
    return path;
  }

  it("measures the session in the document's cells: its extra operation and status are cells the traffic missed", async () => {
    const spec = await ownDocument();
    const shipped = await measure([SESSION]);
    const own = await measure([SESSION, '--spec', spec]);
    expect(own.code).toBe(0);
    expect(own.report.spec).toBe(spec);
    const ids = own.report.coverage.cells.map((cell) => cell.id);
    expect(ids).toEqual(expect.arrayContaining(['listPets answer 418', 'listPetPhotos answer 200']));
    expect(shipped.report.coverage.cells.map((cell) => cell.id)).not.toContain('listPetPhotos answer 200');
    expect(own.report.coverage.cells.find((cell) => cell.id === 'listPetPhotos answer 200')).toMatchObject({
      state: 'missing',
      why: 'the traffic never got it',
    });
    // The same traffic reaches the same cells; there are more of them to reach.
    expect(reached(own.report)).toEqual(reached(shipped.report));
    expect(own.report.coverage.reachable).toBeGreaterThan(shipped.report.coverage.reachable);
    const pretty = await runCli(['coverage', SESSION, '--spec', spec]);
    expect(pretty.output).toContain(`; the cells of --spec ${spec}`);
  });

  it("measures in the document with the user's overlay in place of ours: the status it adds is a cell, their choice", async () => {
    const overlay = join(dir, 'ours.overlay.yaml');
    await writeFile(
      overlay,
      stringify({
        overlay: '1.0.0',
        info: { title: 'our choices', version: '1.0.0' },
        actions: [
          {
            target: "$.paths['/pets'].get.responses",
            description: 'We answer 429 when a client lists too often.',
            update: { '429': { description: 'too many requests' } },
          },
        ],
      }),
    );
    const { code, report } = await measure([SESSION, '--overlay', overlay]);
    expect(code).toBe(0);
    expect(report.overlay).toBe(overlay);
    const cell = report.coverage.cells.find((c) => c.id === 'listPets answer 429');
    expect(cell).toMatchObject({ state: 'missing' });
    expect(cell?.choice).toBeDefined();
    // Our overlay is not applied: the 400 it adds to listPets is no cell of this document.
    expect(report.coverage.cells.map((c) => c.id)).not.toContain('listPets answer 400');
  });
});

describe('petstore-kit coverage refuses what it cannot measure: one line, exit 2', () => {
  it.each([
    ['no file', [], /^petstore-kit coverage: which log\? e\.g\. petstore-kit coverage traffic\.har/],
    ['a missing file', ['missing.har'], /^petstore-kit coverage: cannot read missing\.har: no such file\n$/],
    ['a folder', ['fixtures'], /^petstore-kit coverage: cannot read fixtures: it is a folder\n$/],
    ['two files', [SESSION, SESSION], /^petstore-kit coverage: one log at a time: got 2 files\n/],
    ['a bad --min-coverage', [SESSION, '--min-coverage', '101'], /--min-coverage must be a percentage from 0 to 100/],
    [
      'a bad --base-url',
      [SESSION, '--base-url', 'ftp://x'],
      /^petstore-kit coverage: --base-url: "ftp:\/\/x" is not an http\(s\) URL/,
    ],
  ])('%s', async (_what, args, line) => {
    const { code, output } = await runCli(['coverage', ...args]);
    expect(code).toBe(2);
    expect(output).toMatch(line);
  });

  it('a --spec that is no OpenAPI document, and one that is missing', async () => {
    const notOpenApi = join(dir, 'not-openapi.yaml');
    await writeFile(notOpenApi, 'title: a page of notes\n');
    const bad = await runCli(['coverage', SESSION, '--spec', notOpenApi]);
    expect([bad.code, bad.output.split('\n').length]).toEqual([2, 2]);
    expect(bad.output).toMatch(
      /^\[petstore-kit\] Failed to use the OpenAPI document .*not-openapi\.yaml: it is not an OpenAPI 3\.0 document with paths\. Pass an OpenAPI 3\.0\.x file\.\n$/,
    );
    const missing = await runCli(['coverage', SESSION, '--spec', join(dir, 'missing.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.output).toMatch(
      /^petstore-kit coverage: --spec .*missing\.yaml: no such file; pass a readable file\n/,
    );
  });

  it('a file that is not JSON, and the journal list instead of its HAR', async () => {
    const notJson = join(dir, 'not.har');
    await writeFile(notJson, 'GET /v1/pets');
    const text = await runCli(['coverage', notJson]);
    expect([text.code, text.output.split('\n').length]).toEqual([2, 2]);
    expect(text.output).toMatch(/^\[petstore-kit\] Failed to read the HAR log: it is not JSON .*\(.*not\.har\)\n$/);
    const list = join(dir, 'requests.json');
    await writeFile(list, '[]');
    const journalList = await runCli(['coverage', list]);
    expect(journalList.code).toBe(2);
    expect(journalList.output).toContain('export the journal as HAR instead, GET /__admin/requests.har');
  });
});

describe('petstore-kit coverage on the journal a running serve exports (GET /__admin/requests.har)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve({ port: 0, apiKeys: [KEY] });
  });
  afterAll(() => server.close());

  it('reads the base URLs from the export and measures what the app sent, the quickstart included', async () => {
    const auth = { authorization: `Bearer ${KEY}` };
    const json = { ...auth, 'content-type': 'application/json' };
    await fetch(`${server.apiUrl}/pets?limit=100`, { headers: auth });
    await fetch(`${server.apiUrl}/pets?limit=0`, { headers: auth });
    await fetch(`${server.apiUrl}/pets/abc`);
    await fetch(`${server.apiUrl}/pets/1`, { headers: { authorization: 'Bearer not-the-key' } });
    await fetch(`${server.apiUrl}/pets`, { method: 'POST', headers: json, body: JSON.stringify({ categoryId: 1 }) });
    await fetch(`${server.quickstartUrl}/messages`, { method: 'POST', headers: json, body: '{"message":"hi"}' });
    await fetch(`${server.url}/elsewhere`);
    const exported = await fetch(`${server.url}/__admin/requests.har`, { headers: auth });
    expect(exported.status).toBe(200);
    const har = join(dir, 'journal.har');
    await writeFile(har, await exported.text());
    const { code, report } = await measure([har]);
    expect(code).toBe(0);
    expect(report).toMatchObject({
      baseUrl: server.apiUrl,
      quickstartUrl: server.quickstartUrl,
      baseUrlsFrom: 'log',
      exchanges: { total: 7, counted: 6 },
    });
    expect(reached(report)).toEqual(
      expect.arrayContaining([
        'listPets limit: maximum',
        'listPets limit: below',
        'listPets answer 400',
        'getPet credential: none',
        'getPet petId: not an integer',
        'getPet credential: wrong',
        'createPet body: missing name',
        'sendMessage body: valid',
      ]),
    );
    // The journal redacts the key (`Bearer <redacted>`): the credential is judged by the answer.
    expect(reached(report)).toContain('listPets credential: valid');
  });
});
