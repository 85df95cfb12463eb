// Debian's Chromium driven by playwright-core: the launch, a fresh profile per run, and page errors
// collected, shared by the browser tests (example page, dashboard).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import type { TestContext } from 'vitest';

/** Debian's Chromium; CHROMIUM_PATH points elsewhere on other systems. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Screenshots kept as test artifacts. */
export const SCREENSHOTS_DIR = fileURLToPath(new URL('../../reports/screenshots/', import.meta.url));

/** Without Chromium the tests say why and skip; under CI its absence is a failure. */
export function requireChromium(ctx: TestContext): void {
  if (existsSync(CHROMIUM)) return;
  const why = `Chromium not found at ${CHROMIUM} (install it with: apt-get install -y chromium)`;
  if (process.env.CI)
    throw new Error(`[petstore-kit] Failed to run the browser tests: ${why}. CI is set, so they may not be skipped.`);
  console.warn(`Skipping browser test: ${why}.`);
  ctx.skip(why);
}

export interface PageRun {
  /** Where a failure screenshot goes, and the name of the run. */
  name: string;
  resultsDir: string;
  viewport?: { width: number; height: number };
  /** Console errors that are expected answers (e.g. a 401 the page shows). */
  expectedProblems?: RegExp;
  /** More Chromium flags, e.g. `--host-resolver-rules=MAP evil.test 127.0.0.1`. */
  args?: string[];
  /** Record the run as a HAR log at this path (Playwright's `recordHar`, bodies embedded), written on close. */
  recordHar?: string;
}

/** A fresh Chromium profile per run, so no service worker or cache carries over. Returns the page's problems. */
export async function usePage(url: string, options: PageRun, run: (page: Page) => Promise<void>): Promise<string[]> {
  await mkdir(options.resultsDir, { recursive: true });
  const profile = await mkdtemp(join(tmpdir(), 'petstore-chromium-'));
  const viewport = options.viewport ?? { width: 900, height: 800 };
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    viewport,
    ...(options.recordHar ? { recordHar: { path: options.recordHar, content: 'embed' as const } } : {}),
  });
  const problems: string[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
    await page.goto(url);
    try {
      await run(page);
    } catch (error) {
      await page
        .screenshot({ path: join(options.resultsDir, `${options.name}-failure.png`), fullPage: true })
        .catch(() => undefined);
      throw new Error(`${(error as Error).message}\nIn the page: ${problems.join('\n') || '(no errors)'}`, {
        cause: error,
      });
    }
    return problems.filter((problem) => !options.expectedProblems?.test(problem));
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}
