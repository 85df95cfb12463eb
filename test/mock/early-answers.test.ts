// Early answers every client can read (issue 20, item 1). When the mock answers before it has read the
// whole request (413 on the Content-Length, 400 on the Host, 431 on the headers), it sends the answer with
// `Connection: close`, then reads and drops what the client still sends before it closes (a lingering
// close, as nginx's), within bounds: a client still uploading reads the answer, one that never stops is
// cut off. The mock runs as a process of its own, so the client's writes race its close as in real use.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPetStore, DEV_API_KEY } from '../../src/core/index.ts';
import { listen, type Listening } from '../../src/node/index.ts';
import { startCli, type CliChild } from '../support/cli-child.ts';
import { collect, openSocket, parseFirstResponse } from '../support/raw-http.ts';

const exec = promisify(execFile);
const OVER_LIMIT = 1024 * 1024 + 1;
const auth = { authorization: `Bearer ${DEV_API_KEY}` };

/** Sends `head`, then `bodyChunks` one after the other (each awaited), and collects the answer. */
async function sendWhileAnswered(origin: string, head: string, body: Buffer, waitMs = 120_000) {
  const socket = await openSocket(origin);
  const answer = collect(socket, waitMs);
  socket.write(head);
  socket.write(body, () => undefined);
  const { text, closed } = await answer;
  return { ...parseFirstResponse(text), closed };
}

describe('the mock in its own process, answering uploads over the limit', () => {
  let cli: CliChild;
  let dir: string;
  beforeAll(async () => {
    cli = await startCli([]);
    dir = await mkdtemp(join(tmpdir(), 'petstore-kit-early-'));
  });
  afterAll(async () => {
    await cli.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('200 uploads of 1 MiB + 1 byte through fetch, 8 at a time, from a client process: each reads the 413', async () => {
    const client = fileURLToPath(new URL('../fixtures/processes/upload-over-limit.mjs', import.meta.url));
    const { stdout } = await exec(process.execPath, [client, `${cli.origin}/v1`, DEV_API_KEY, '200']);
    expect(JSON.parse(stdout)).toEqual({ 413: 200 });
  });

  it('the 413 comes with Connection: close and the Error body', async () => {
    const response = await fetch(`${cli.origin}/v1/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: 'x'.repeat(OVER_LIMIT),
    });
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
  });

  it('after its 413, the connection reads the whole rest of the body, then closes without a reset', async () => {
    const socket = await openSocket(cli.origin);
    const head = `POST /v1/pets HTTP/1.1\r\nhost: localhost\r\nauthorization: Bearer ${DEV_API_KEY}\r\ncontent-type: application/json\r\ncontent-length: ${4 * OVER_LIMIT}\r\n\r\n`;
    let received = '';
    const errors: string[] = [];
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(String(error.code)));
    const ended = new Promise<void>((resolve) => socket.once('end', resolve));
    const closed = new Promise<void>((resolve) => socket.once('close', resolve));
    socket.write(head);
    // The answer comes on the headers alone; only then does the body follow, 4 MiB of it.
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    expect(parseFirstResponse(received).status).toBe(413);
    for (let sent = 0; sent < 4 * OVER_LIMIT; sent += 65_536) {
      const part = Buffer.alloc(Math.min(65_536, 4 * OVER_LIMIT - sent), 'x');
      const error = await new Promise<Error | null | undefined>((resolve) => socket.write(part, resolve));
      expect(error ?? null).toBeNull();
    }
    await ended;
    socket.end();
    await closed;
    expect(errors).toEqual([]);
  });

  it('200 uploads of 1 MiB + 1 byte through curl: each reads the 413', async () => {
    const file = join(dir, 'over-limit.json');
    await writeFile(file, 'x'.repeat(OVER_LIMIT));
    const codes: string[] = [];
    for (let i = 0; i < 200; i++) {
      const args = ['-sS', '-o', '/dev/null', '-w', '%{http_code}', '-H', `Authorization: Bearer ${DEV_API_KEY}`];
      const { stdout } = await exec('curl', [
        ...args,
        '-H',
        'Content-Type: application/json',
        '--data-binary',
        `@${file}`,
        `${cli.origin}/v1/pets`,
      ]);
      codes.push(stdout);
    }
    expect(codes.filter((code) => code !== '413')).toEqual([]);
  });

  it('a body sent without Host (HTTP/1.1) gets its 400, read while the body is still on its way', async () => {
    const head = `POST /v1/pets HTTP/1.1\r\nauthorization: Bearer ${DEV_API_KEY}\r\ncontent-type: application/json\r\ncontent-length: ${OVER_LIMIT}\r\n\r\n`;
    const answer = await sendWhileAnswered(cli.origin, head, Buffer.alloc(OVER_LIMIT, 'x'));
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'MALFORMED_REQUEST', status: 400 });
  });

  it('headers past the limit get their 431, read while more headers are still being sent', async () => {
    const head = `GET /v1/pets HTTP/1.1\r\nhost: localhost\r\n${`x-pad: ${'a'.repeat(1000)}\r\n`.repeat(200)}\r\n`;
    for (let i = 0; i < 20; i++) {
      const answer = await sendWhileAnswered(cli.origin, head, Buffer.alloc(0));
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'HEADERS_TOO_LARGE', status: 431 });
    }
  });
});

describe('a client that never stops uploading after its 413', () => {
  let server: Listening;
  beforeAll(async () => {
    server = await listen(createPetStore().handle, { port: 0, lingeringClose: { ms: 500, bytes: 8 * 1024 * 1024 } });
  });
  afterAll(() => server.close());

  const head = `POST /v1/pets HTTP/1.1\r\nhost: localhost\r\nauthorization: Bearer ${DEV_API_KEY}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`;
  const chunk = (bytes: number) =>
    Buffer.concat([Buffer.from(`${bytes.toString(16)}\r\n`), Buffer.alloc(bytes, 'x'), Buffer.from('\r\n')]);

  /**
   * Uploads past the 1 MiB limit, then on without end (flooding, or 1 KiB every `everyMs`) until the server
   * closes; returns what was read.
   */
  async function uploadForever(everyMs?: number) {
    const socket = await openSocket(server.url);
    let open = true;
    socket.once('close', () => (open = false));
    const answer = collect(socket, 60_000);
    socket.write(head);
    for (let i = 0; i < 17; i++) socket.write(chunk(65_536));
    // Each write awaited, then the loop yields to I/O: a write to a closed socket calls back at once, and
    // a loop on those callbacks alone would never let the close be seen.
    const pump = async () => {
      while (open) {
        const written = await new Promise<boolean>((resolve) =>
          socket.write(chunk(everyMs === undefined ? 65_536 : 1024), (error) => resolve(!error)),
        );
        if (!written) return;
        await new Promise((resolve) => setTimeout(resolve, everyMs ?? 0));
      }
    };
    void pump().catch(() => undefined);
    const { text, closed } = await answer;
    return { ...parseFirstResponse(text), closed };
  }

  it('flooding: it reads the 413, then the server closes once the byte bound is passed', async () => {
    const answer = await uploadForever();
    expect(answer.status).toBe(413);
    expect(answer.closed).toBe(true);
  });

  it('trickling: it reads the 413, then the server closes once the time bound is passed', async () => {
    const answer = await uploadForever(20);
    expect(answer.status).toBe(413);
    expect(answer.closed).toBe(true);
  });
});
