// A user's script judges a saved HAR and gets the verdicts verify gives (issue 29). verify's whole run goes
// through the proxy to a target, recorded with --record; the recipe of docs/proxy.md (judge-har.ts) then
// judges that HAR with `exchangesFromHar` and `createExchangeJudge`, and each entry's failures are the ones
// the proxy wrote beside it (`_findings`): one judge, called by both. In front of a broken target they
// include the failure its catalogue entry names; in front of the correct server there are none. A user's
// response check (`extraChecks`) runs in the proxy as in the script.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY, type HarEntry } from '../../src/core/index.ts';
import { runConformance, type CheckDefinition, type Finding } from '../../contract-tests/index.ts';
import { startProxy } from '../../src/proxy/start-proxy.ts';
import { startTarget, TARGETS, type BrokenTarget } from '../fixtures/targets/index.ts';
import { judgeHar } from './judge-har.ts';

/** A house rule (docs/custom-checks.md), as a recommendation: it runs in the proxy and in the script alike. */
const requestId: CheckDefinition<string> = {
  kind: 'response',
  name: 'requestIdHeader',
  description: 'Every answer carries X-Request-Id.',
  check: ({ response }) =>
    response.headers['x-request-id']
      ? []
      : [{ title: 'MissingRequestId', severity: 'warning', message: 'no X-Request-Id' }],
};

/** Departures one exchange shows, each judged by another rule: a clock, a credential, a list, a message. */
const BROKEN = ['quickstart-local-time', 'gone-before-sunset', 'list-repeats-a-pet', 'auth-missing-on-list'];

interface Entry {
  /** `METHOD url` as the HAR holds them. */
  request: string;
  /** The Authorization header as the HAR holds it (redacted). */
  authorization?: string;
  /** `severity: Title` of what the proxy found (its `_findings`), and of what the script found. */
  proxy: string[];
  script: string[];
}

interface Judged {
  entries: Entry[];
  printed: string[];
}

/**
 * What a HAR the kit wrote cannot show (docs/proxy.md): it keeps a credential's scheme and hides the rest, so
 * a Bearer token with a space in it (`Bearer KEY x`, which RFC 6750 refuses) reads as one token. A target
 * that serves it fails the proxy's credential rule, which saw the header, and not the script's.
 */
const CREDENTIAL_TITLES = ['error: AuthNotEnforced', 'error: UnexpectedStatus', 'error: CredentialNotJudgedFirst'];
const tokenHidden = (entry: Entry) =>
  entry.authorization === 'Bearer <redacted>' &&
  entry.script.join() === entry.proxy.filter((title) => !CREDENTIAL_TITLES.includes(title)).join();

/** Checks run beside a broken target's own: refusals, and writes read back. */
const ALSO_RUN = ['invalidParameterRejected', 'createThenRead'];

let dir: string;
const runs = new Map<string, Judged>();

/** verify's run through the proxy to `target`, recorded, then the recording judged by the recipe. */
async function judgedRun(target?: BrokenTarget): Promise<Judged> {
  const server = await startTarget(target);
  const recordPath = join(dir, `${target?.name ?? 'correct'}.har`);
  const proxy = await startProxy({
    target: server.apiUrl,
    quickstartTarget: server.quickstartUrl,
    recordPath,
    extraChecks: [requestId],
  });
  const urls = { baseUrl: proxy.apiUrl, quickstartUrl: proxy.quickstartUrl! };
  try {
    // In front of the correct server every check; in front of a broken one the check that sees its departure
    // and two more, reads and writes (broken-targets-*.test.ts hold every check to each target).
    const checks = target && [target.expect.check, ...ALSO_RUN];
    await runConformance({
      ...urls,
      apiKey: DEV_API_KEY,
      allowWrites: true,
      maxExamples: 5,
      ...(checks && { checks }),
    });
  } finally {
    await proxy.close();
    await server.close();
  }
  const printed: string[] = [];
  const verdicts = await judgeHar(recordPath, { ...urls, extraChecks: [requestId] }, (line) => printed.push(line));
  const har = JSON.parse(await readFile(recordPath, 'utf8'));
  const entries = har.log.entries.map((entry: HarEntry, i: number): Entry => {
    const authorization = entry.request.headers.find((header) => header.name.toLowerCase() === 'authorization');
    return {
      request: `${entry.request.method} ${entry.request.url}`,
      ...(authorization ? { authorization: authorization.value } : {}),
      proxy: (entry._findings as Finding[]).map(titled).sort(),
      script: [...verdicts[i].failures, ...verdicts[i].recommendations].map(titled).sort(),
    };
  });
  expect(verdicts).toHaveLength(entries.length);
  return { entries, printed };
}

const titled = (finding: Finding) => `${finding.severity}: ${finding.title}`;
const failures = (run: Judged) =>
  new Set(run.entries.flatMap((entry) => entry.script.filter((t) => t.startsWith('error'))));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'judge-exchange-'));
  runs.set('correct', await judgedRun());
  for (const name of BROKEN) runs.set(name, await judgedRun(TARGETS.find((target) => target.name === name)!));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the script judging the HAR of verify through the proxy', () => {
  it.each(['correct', ...BROKEN])('%s: each entry gets the findings the proxy gave it', (name) => {
    const { entries } = runs.get(name)!;
    // Every check's traffic in front of the correct server; three checks' in front of a broken one.
    expect(entries.length).toBeGreaterThan(name === 'correct' ? 100 : 20);
    const differing = entries.filter((entry) => entry.script.join() !== entry.proxy.join());
    expect(differing.filter((entry) => !tokenHidden(entry))).toEqual([]);
    // Only where a target serves a credential the HAR hides, and then only a request or two.
    expect(differing.length).toBeLessThanOrEqual(name === 'auth-missing-on-list' ? 2 : 0);
  });

  it('finds no failure in front of the correct server, and runs the user check on every answer', () => {
    const run = runs.get('correct')!;
    expect([...failures(run)]).toEqual([]);
    expect(run.printed).toEqual([]);
    const answered = run.entries.filter((entry) => entry.script.includes('warning: MissingRequestId'));
    expect(answered.length).toBeGreaterThan(100);
  });

  it.each(BROKEN)('%s: the failure the catalogue names, printed by the script', (name) => {
    const title = TARGETS.find((target) => target.name === name)!.expect.title!;
    const run = runs.get(name)!;
    expect([...failures(run)]).toContain(`error: ${title}`);
    expect(run.printed.some((line) => line.includes(`: ${title}: `))).toBe(true);
  });
});

describe('docs/proxy.md', () => {
  it('shows the recipe as it is in test/verify/judge-har.ts', async () => {
    const doc = await readFile(new URL('../../docs/proxy.md', import.meta.url), 'utf8');
    const recipe = await readFile(new URL('./judge-har.ts', import.meta.url), 'utf8');
    expect(doc).toContain(`\`\`\`ts\n${recipe.slice(recipe.indexOf('import '))}\`\`\``);
  });
});
