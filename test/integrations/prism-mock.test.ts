// `npm run mock:prism` end to end: the command is started as its own process (as npm would), on a free
// port, and must serve Prism's mock under /v1 like our mock. The whole process group is killed after.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) await killGroup(child);
});

describe('npm run mock:prism', () => {
  it('serves the spec under /v1 in static mode: 200 and a list with a key, 401 without', async () => {
    const { apiUrl, quickstartUrl, output } = await startMockCommand(['--port', '0', '--quiet']);
    expect(output).toContain('Prism mock (static)');

    const first = await fetch(`${apiUrl}/pets`, { headers: { authorization: 'Bearer any-key' } });
    expect(first.status).toBe(200);
    const pets = await first.json();
    expect(Array.isArray(pets)).toBe(true);
    expect(pets.length).toBeGreaterThan(0);
    expect(pets[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), name: expect.any(String), categoryId: expect.any(Number) }),
    );
    // Static mode: the same request gets the same body.
    const second = await fetch(`${apiUrl}/pets`, { headers: { authorization: 'Bearer any-key' } });
    expect(await second.json()).toEqual(pets);

    expect((await fetch(`${apiUrl}/pets`)).status).toBe(401);
    // The unprefixed path is not served: the mock is mounted like ours.
    expect(
      (await fetch(`${apiUrl.replace(/\/v1$/, '')}/pets`, { headers: { authorization: 'Bearer k' } })).status,
    ).toBe(404);

    const message = await fetch(`${quickstartUrl}/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer any-key', 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'hi' }),
    });
    expect(message.status).toBe(202);
    expect(await message.json()).toEqual(
      expect.objectContaining({ status: expect.any(String), id: expect.any(String) }),
    );
  });

  it('switches to dynamic mode with --dynamic', async () => {
    const { apiUrl, output } = await startMockCommand(['--port', '0', '--quiet', '--dynamic', '--seed', '7']);
    expect(output).toContain('Prism mock (dynamic)');
    const response = await fetch(`${apiUrl}/pets/1`, { headers: { authorization: 'Bearer any-key' } });
    expect(response.status).toBe(200);
    const pet = await response.json();
    expect(pet).toEqual(expect.objectContaining({ id: expect.any(Number), name: expect.any(String) }));
  });
});

async function startMockCommand(args: string[]): Promise<{ apiUrl: string; quickstartUrl: string; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'integrations/prism/mock-command.ts', ...args], {
    cwd: root,
    detached: true, // its own process group, so the group (command + Prism) can be killed together
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const api = /Pet Store API: (\S+)/.exec(output);
      const quickstart = /Quickstart: +(\S+)/.exec(output);
      if (api && quickstart) resolve({ apiUrl: api[1]!, quickstartUrl: quickstart[1]!, output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`mock:prism exited with ${code} before printing its URLs:\n${output}`)),
    );
  });
}

async function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is already gone.
  }
}
