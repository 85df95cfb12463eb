// petstore-kit rehearse of an app whose Pet Store mock answers in its page (setupPetStoreWorker, MSW's service
// worker), with its tests in Playwright Test (1.65, Debian's Chromium) from petstore-kit/rehearse/playwright:
// the rehearsal's mock sees none of the page's requests, yet the page's store runs on each pass's clock (the
// app reads the pet by the list once getPet is removed, or its test fails) and every getPet call it answers is
// counted and named after its test, a page the test closed at once included (test/fixtures/rehearse-msw-page).
import { describe, expect, it } from 'vitest';
import type { RehearsalReport } from '../../src/rehearse/report.ts';
import { requireChromium } from '../support/chromium.ts';
import { rehearse } from '../support/rehearse-in-process.ts';

const path = (name: string) => new URL(`../../${name}`, import.meta.url).pathname;

describe('petstore-kit rehearse of a mock in the page (setupPetStoreWorker) under Playwright', () => {
  it("ready, with fallback: the page's store on each pass's clock, its getPet calls counted and named", async (ctx) => {
    requireChromium(ctx);
    const playwright = path('node_modules/@playwright/test/cli.js');
    const config = path('test/fixtures/rehearse-msw-page');
    const argv = ['--reporter', 'json', '--', process.execPath, playwright, 'test', '--config', config];
    const { code, stdout, stderr } = await rehearse(argv);
    const report = JSON.parse(stdout) as RehearsalReport;
    expect([code, report.verdict], stderr).toEqual([0, 'ready-with-fallback']);
    // No request reached the rehearsal's own mock: every call counted is the page's store's.
    expect(report.passes.map((p) => [p.pass, p.exitCode, p.requests, p.deprecatedCalls])).toEqual([
      ['today', 0, 0, 2],
      ['removed', 0, 0, 2],
    ]);
    expect(report.calls.map((call) => [call.url, call.tests, call.count])).toEqual([
      ['/v1/pets/1', ['pet page > shows pet 1'], 1],
      ['/v1/pets/2', ['pet page > shows pet 2 in a page it closes at once'], 1],
    ]);
    // Today's answers showed the pets: the report writes out the replacement for each.
    expect(report.calls.map((call) => call.replacement)).toEqual([
      expect.stringMatching(/^GET \/v1\/pets\?limit=100&status=\w+, then the record with id 1$/),
      expect.stringMatching(/^GET \/v1\/pets\?limit=100&status=\w+, then the record with id 2$/),
    ]);
    expect(stderr.match(/2 passed/g)).toHaveLength(2);
  });
});
