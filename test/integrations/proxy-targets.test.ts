// The proxy judges as verify judges. verify's own traffic (every scenario, writes allowed) is sent through
// the proxy to each server, and what the proxy reports is held to what verify reports on the same server
// directly: in front of our mock and of each faithful-but-different target, no failure; in front of each
// broken target, the failure verify's catalogue names, and no failure verify would not report itself.
// The documented differences (docs/proxy.md, "What one exchange can show"): a finding that needs several
// exchanges put together (a created pet then listed or read, an id known to be unknown, a page short of
// what the store holds) is a scenario's conclusion, and the proxy judges each exchange alone; and the proxy
// never knows the key, so a near miss of it that the target accepts looks like the key itself.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { runConformance, type Report } from '../../contract-tests/index.ts';
import { startProxy, type RunningProxy } from '../../integrations/proxy/start-proxy.ts';
import { startTarget, TARGETS, type BrokenTarget } from '../fixtures/targets/index.ts';
import { FAITHFUL, startFaithful } from '../fixtures/faithful/index.ts';

/** Titles verify concludes from several exchanges; the proxy, judging one at a time, cannot (docs/proxy.md). */
const ACROSS_EXCHANGES = new Set([
  'CreatedNotListed', // a created pet missing from a later list
  'CreatedNotReadable', // a created pet unreadable by a later GET
  'UnknownIdFound', // only verify knows the id it asked for is unknown
  'LimitUnderfilled', // only verify knows the store holds more than the page shows
  'DuplicateId', // an id repeated across two creations
]);

/** Targets that accept a near miss of the key: only a judge that knows the key can tell (docs/proxy.md). */
const NEEDS_THE_KEY = new Set([
  'key-in-query-accepted',
  'key-prefix-compared',
  'key-split-on-space',
  'key-case-insensitive',
  'key-last-char-ignored',
]);

/**
 * The same departure under another title verify gives it too (proxy title → verify title): verify's
 * credentialFirst names a 2xx to a keyless request AuthNotEnforced, and the proxy may see an empty `Bearer`
 * refused for another fault first, which that rule names CredentialNotJudgedFirst; a JSON label with a
 * charset refused is verify's quickstartMessage ValidRequestRejected and its jsonMediaTypes
 * JsonMediaTypeRefused, and the proxy applies the second rule.
 */
const SIBLING: Record<string, string> = {
  CredentialNotJudgedFirst: 'AuthNotEnforced',
  JsonMediaTypeRefused: 'ValidRequestRejected',
};

/** Whether the proxy reported `title`, or its sibling where verify reported both. */
const named = (seen: Seen, title: string) =>
  seen.proxied.has(title) || [...seen.proxied].some((p) => SIBLING[p] === title && seen.via.has(p));

interface Seen {
  /** `title` of each failure verify reported directly. */
  direct: Set<string>;
  /** `title` of each failure verify reported on its run through the proxy (what that traffic touched). */
  via: Set<string>;
  /** `title` of each failure kind the proxy reported (exchanges and the target's base URL). */
  proxied: Set<string>;
  proxy: RunningProxy;
  report: Report;
}

interface Started {
  apiUrl: string;
  quickstartUrl: string;
  close(): Promise<void>;
}

/**
 * verify's run, the same both ways. Its generated phase is kept but short: its traffic is in the comparison,
 * while its depth (50 requests per operation by default) is verify's own business, proven in test/verify.
 */
const RUN = { apiKey: DEV_API_KEY, allowWrites: true, maxExamples: 10 };

async function throughProxy(start: () => Promise<Started>, now?: Date): Promise<Seen> {
  const clock = now && (() => now);
  const direct = await start();
  const directReport = await runConformance({
    ...RUN,
    baseUrl: direct.apiUrl,
    quickstartUrl: direct.quickstartUrl,
    now: clock,
  }).finally(() => direct.close());
  const server = await start();
  const proxy = await startProxy({ target: server.apiUrl, quickstartTarget: server.quickstartUrl, now: clock });
  try {
    const report = await runConformance({
      ...RUN,
      baseUrl: proxy.apiUrl,
      quickstartUrl: proxy.quickstartUrl,
      now: clock,
    });
    return {
      direct: failureTitles(directReport),
      via: failureTitles(report),
      proxied: proxyFailureTitles(proxy),
      proxy,
      report,
    };
  } finally {
    await proxy.close();
    await server.close();
  }
}

function failureTitles(report: Report): Set<string> {
  return new Set(report.scenarios.flatMap((s) => s.failures.map((f) => f.title)));
}

function proxyFailureTitles(proxy: RunningProxy): Set<string> {
  return new Set(proxy.report().scenarios.flatMap((s) => s.failures.map((f) => f.title)));
}

const broken = new Map<string, Seen>();
const faithful = new Map<string, Seen>();
let correct: Seen;

beforeAll(async () => {
  // One after the other: each run is CPU-bound in this process, so parallel runs gain nothing.
  correct = await throughProxy(() => startTarget());
  for (const target of TARGETS) broken.set(target.name, await throughProxy(() => startTarget(target)));
  for (const target of FAITHFUL) faithful.set(target.name, await throughProxy(() => startFaithful(target), target.now));
});

describe('the proxy in front of our mock', () => {
  it("judges verify's whole run and reports no failure", () => {
    const { proxy, proxied } = correct;
    expect([...proxied]).toEqual([]);
    expect(proxy.hasFailures()).toBe(false);
    const { exchanges } = proxy.report();
    // Every scenario's traffic passed and was judged, not just forwarded.
    expect(exchanges.total).toBeGreaterThan(200);
    expect(exchanges.judged).toBe(exchanges.total);
    expect(exchanges.failed).toBe(0);
  });
});

describe('the proxy in front of each broken target', () => {
  it.each(TARGETS.map((target) => [target.name, target] as const))('%s', (name, target: BrokenTarget) => {
    const { direct, via, proxied } = broken.get(name)!;
    const verified = new Set([...direct, ...via]);
    const shown = `verify: ${[...direct].join(', ')}; verify through the proxy: ${[...via].join(', ')}; proxy: ${[...proxied].join(', ')}`;
    // The proxy reports no failure that verify does not report itself.
    expect(
      [...proxied].filter((title) => !verified.has(title) && !verified.has(SIBLING[title])),
      shown,
    ).toEqual([]);
    // The failure the catalogue names for the departure, wherever verify's traffic through the proxy touched
    // it (verify itself reported it there), but for the documented differences.
    const title = target.expect.title;
    if (!title || !via.has(title) || ACROSS_EXCHANGES.has(title) || NEEDS_THE_KEY.has(name)) return;
    expect(named(broken.get(name)!, title), `${target.departure}: ${shown}`).toBe(true);
  });

  it("misses none of the catalogue's departures but the documented ones", () => {
    const titled = TARGETS.filter((target) => target.expect.title);
    const caught = titled.filter((target) => named(broken.get(target.name)!, target.expect.title!));
    const missed = titled.filter((target) => !caught.includes(target));
    const excused = (target: BrokenTarget) =>
      ACROSS_EXCHANGES.has(target.expect.title!) ||
      NEEDS_THE_KEY.has(target.name) ||
      // verify's own traffic through the proxy did not show it either (a race that run did not hit)
      !broken.get(target.name)!.via.has(target.expect.title!);
    expect(missed.filter((target) => !excused(target)).map((target) => target.name)).toEqual([]);
    console.log(
      `proxy caught ${caught.length} of ${titled.length} titled departures; documented misses: ${missed.map((t) => t.name).join(', ')}`,
    );
  });
});

describe('the proxy in front of each faithful-but-different target', () => {
  it.each(FAITHFUL.map((target) => [target.name] as const))('%s: no failure', (name) => {
    const { proxied, proxy } = faithful.get(name)!;
    expect([...proxied]).toEqual([]);
    expect(proxy.hasFailures()).toBe(false);
  });
});
