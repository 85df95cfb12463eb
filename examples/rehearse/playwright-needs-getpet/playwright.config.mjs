import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: import.meta.dirname,
  reporter: 'list',
  // Debian's Chromium: no browser download.
  use: { launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } },
});
