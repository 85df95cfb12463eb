// petstore-kit rehearse with Playwright Test (1.65, Debian's Chromium) as the runner: the app that breaks
// without getPet (examples/rehearse/playwright-needs-getpet) is not ready, and each getPet call, the page's
// and the `request` fixture's, is named after its test by petstore-kit/rehearse/playwright.
import { describe, expect, it } from 'vitest';
import type { RehearsalReport } from '../../src/rehearse/report.ts';
import { requireChromium } from '../support/chromium.ts';
import { rehearse } from '../support/rehearse-in-process.ts';

const path = (name: string) => new URL(`../../${name}`, import.meta.url).pathname;

describe('petstore-kit rehearse with a real runner: Playwright', () => {
  it('not ready: the needs-getpet app and its Playwright tests, every getPet call named', async (ctx) => {
    requireChromium(ctx);
    const playwright = path('node_modules/@playwright/test/cli.js');
    const config = path('examples/rehearse/playwright-needs-getpet');
    const argv = ['--reporter', 'json', '--', process.execPath, playwright, 'test', '--config', config];
    const { code, stdout, stderr } = await rehearse(argv);
    const report = JSON.parse(stdout) as RehearsalReport;
    expect([code, report.verdict], stderr).toEqual([1, 'not-ready']);
    expect(report.passes.map((p) => [p.pass, p.exitCode, p.deprecatedCalls])).toEqual([
      ['today', 0, 2],
      ['removed', 1, 2],
    ]);
    expect(report.calls.map((call) => [call.url, call.tests, call.count])).toEqual([
      ['/v1/pets/1', ['needs-getpet app > the page shows pet 1'], 1],
      ['/v1/pets/2', ['needs-getpet app > the API gives pet 2'], 1],
    ]);
    expect(stderr).toMatch(/2 passed/);
  });
});
