// A bounded soak: a few thousand mixed requests (valid, invalid, unauthorised, unknown, HEAD,
// OPTIONS, creates, messages) against the mock in a child process. Every answer is the expected one,
// and heap after GC stays flat between the warm-up and the end (a generous bound: only a leak fails).
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli-child.ts';

const SERVER = fileURLToPath(new URL('../support/soak-server.ts', import.meta.url));
const AUTH = { authorization: 'Bearer petstore-dev-key' };
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };

let child: ChildProcess;
let origin: string;

function next<T>(key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Record<string, T>) => {
      if (!(key in message)) return;
      child.off('message', onMessage);
      resolve(message[key]);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`soak server exited with ${code}`)));
  });
}

beforeAll(async () => {
  child = fork(SERVER, [], {
    cwd: ROOT,
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  origin = await next<string>('url');
});
afterAll(async () => {
  if (child.exitCode === null) {
    child.send('close');
    await new Promise((resolve) => child.once('exit', resolve));
  }
});

const heapUsed = async () => {
  child.send('memory');
  return (await next<NodeJS.MemoryUsage>('memory')).heapUsed;
};

/** One request of the mix, chosen by `i`, with the status it must get. */
function mixed(i: number): [string, RequestInit, number] {
  switch (i % 12) {
    case 0:
      return ['/v1/pets?limit=100', { headers: AUTH }, 200];
    case 1:
      return [
        '/v1/pets',
        {
          method: 'POST',
          headers: JSON_AUTH,
          body: JSON.stringify({ name: `soak ${i}`, categoryId: i % 7, status: 'pending' }),
        },
        201,
      ];
    case 2:
      return [`/v1/pets/${(i % 50) + 1}`, { headers: AUTH }, 200];
    case 3:
      return ['/v1/pets/999999999', { headers: AUTH }, 404];
    case 4:
      return ['/v1/pets', { method: 'POST', headers: JSON_AUTH, body: '{"name":' + 'x'.repeat(i % 500) }, 400];
    case 5:
      return ['/v1/pets?limit=0&status=Sold', { headers: AUTH }, 400];
    case 6:
      return ['/v1/pets', { headers: { authorization: `Bearer wrong-${i}` } }, 401];
    case 7:
      return [`/v1/unknown/${i}`, { headers: AUTH }, 404];
    case 8:
      return ['/v1/pets', { method: 'DELETE', headers: AUTH }, 405];
    case 9:
      return ['/v1/pets?status=pending&limit=5', { method: 'HEAD', headers: AUTH }, 200];
    case 10:
      return ['/v1/pets/1', { method: 'OPTIONS' }, 204];
    default:
      return [
        '/quickstart/messages',
        { method: 'POST', headers: JSON_AUTH, body: JSON.stringify({ message: `m${i}` }) },
        202,
      ];
  }
}

async function load(from: number, count: number, concurrency = 16): Promise<string[]> {
  const failures: string[] = [];
  let i = from;
  const worker = async () => {
    while (i < from + count) {
      const [path, init, status] = mixed(i++);
      const response = await fetch(origin + path, init);
      const text = await response.text();
      if (response.status !== status)
        failures.push(
          `${init.method ?? 'GET'} ${path} → ${response.status} (expected ${status}) ${text.slice(0, 120)}`,
        );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failures;
}

describe('soak', () => {
  it('6 000 mixed requests: every answer as expected, heap after GC flat', async () => {
    expect(await load(0, 1_000)).toEqual([]);
    const warm = await heapUsed();
    expect(await load(1_000, 5_000)).toEqual([]);
    const end = await heapUsed();
    // About 420 pets and 420 messages were stored on purpose (well under 1 MB); 16 MB more means a leak.
    expect(end - warm, `heapUsed went from ${warm} to ${end}`).toBeLessThan(16 * 1024 * 1024);
    // The server is still answering normally.
    expect((await fetch(`${origin}/v1/pets?limit=1`, { headers: AUTH })).status).toBe(200);
  });
});
