// A small static file server for the example page (node:http): examples/public at `/`, the bundle
// at `/dist`. Loopback only. It records request paths so tests can tell who answered the API.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const PUBLIC_DIR = fileURLToPath(new URL('./public', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

export interface StaticServer {
  url: string;
  /** Paths requested so far, e.g. `/dist/main.js`. */
  requests: string[];
  close(): Promise<void>;
}

export interface StaticServerOptions {
  distDir: string;
  port?: number;
  /** Answer 404 for these paths, e.g. `/mockServiceWorker.js` to rehearse a missing `npx msw init`. */
  hide?: string[];
}

export async function startStaticServer({ distDir, port = 0, hide = [] }: StaticServerOptions): Promise<StaticServer> {
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    const [root, rest] = path.startsWith('/dist/')
      ? [distDir, path.slice('/dist/'.length)]
      : [PUBLIC_DIR, path === '/' ? 'index.html' : path.slice(1)];
    const file = normalize(join(root, rest));
    const servable = file.startsWith(root + sep) && !hide.includes(path);
    const info = servable ? await stat(file).catch(() => undefined) : undefined;
    if (!info?.isFile()) return void res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: ${path}`);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
