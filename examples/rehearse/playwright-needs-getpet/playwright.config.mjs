import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: import.meta.dirname,
  reporter: 'list',
  // Its own output folder, beside this file: by default Playwright uses test-results/ beside package.json, and
  // clears it when a run starts, under another Playwright run of the same project still writing there.
  outputDir: 'test-results',
  // Debian's Chromium: no browser download.
  use: { launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } },
});
