// A port nothing listens on at the moment of asking, on 127.0.0.1: for a process a test starts that must be
// told its port (PostgreSQL, a server whose address goes in a config file). Another process could take it
// before the child binds; the kernel hands out ports in turn, so that does not happen in practice here.
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
