// The mock in a child process started with --expose-gc, answering memory probes over the IPC channel
// (so the API under test needs no extra endpoint): `'memory'` → gc, then process.memoryUsage().
import { serve } from '../../src/node/index.ts';

const server = await serve({ port: 0, pets: 50 });
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('[soak-server] Failed to start: run with node --expose-gc.');
process.on('message', (message) => {
  if (message === 'memory') {
    gc();
    gc();
    process.send!({ memory: process.memoryUsage() });
  } else if (message === 'close') {
    server.close().then(() => process.exit(0));
  }
});
process.send!({ url: server.url });
