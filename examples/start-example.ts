// `npm run example`: builds the page, serves it, and starts `petstore-kit serve` beside it, so the page
// can be opened mocked by MSW in the browser or against the server (another origin: CORS applies).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../src/node/index.ts';
import { buildPage } from './build-page.ts';
import { startStaticServer } from './static-server.ts';

const distDir = await mkdtemp(join(tmpdir(), 'petstore-example-'));
await buildPage(distDir);
const page = await startStaticServer({ distDir, port: Number(process.env.PORT ?? 5173) });
const api = await serve({ port: Number(process.env.API_PORT ?? 4010), pets: 12 });
console.log(`Example page, mocked by MSW in the browser: ${page.url}/`);
console.log(`Example page, against petstore-kit serve:   ${page.url}/?api=${encodeURIComponent(api.apiUrl)}`);
console.log('Press Ctrl+C to stop.');

process.once('SIGINT', async () => {
  await Promise.all([page.close(), api.close()]);
  await rm(distDir, { recursive: true, force: true });
  process.exit(0);
});
