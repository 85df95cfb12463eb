// `--state-file` under SIGKILL: real CLI children take a write load and are killed at random moments.
// After each kill the file must parse and load as a valid snapshot holding every acknowledged
// create (a 201 is sent only once the change is on disk); the restarted server must serve them all.
// A corrupt file must stop startup with a clear message and be left byte-identical.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../../src/openapi/document.gen.ts';
import { parseSnapshot, type Snapshot } from '../../src/core/store/snapshot.ts';
import { createSchemaCompiler } from '../../src/openapi/schema-compiler.ts';
import { runCli, startCli, type CliChild } from '../support/cli-child.ts';

const compiler = createSchemaCompiler(document);
const AUTH = { authorization: 'Bearer petstore-dev-key', 'content-type': 'application/json' };
const children: CliChild[] = [];
let dir: string;
beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'petstore-crash-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  for (const child of children.splice(0)) await child.stop('SIGKILL');
});

interface Acked {
  id: number;
  name: string;
  categoryId: number;
}

/** Creates pets from `workers` parallel loops until `stop()`; returns the acknowledged ones. */
function writeLoad(origin: string, workers: number, round: number) {
  const acked: Acked[] = [];
  let running = true;
  const loop = async (worker: number) => {
    for (let i = 0; running; i++) {
      const sent = { name: `r${round}-w${worker}-${i}`, categoryId: round * 1000 + worker };
      try {
        const response = await fetch(`${origin}/v1/pets`, { method: 'POST', headers: AUTH, body: JSON.stringify(sent) });
        if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
        const pet = await response.json();
        expect(pet).toMatchObject(sent);
        acked.push(pet);
      } catch (error) {
        // The kill cuts requests in flight: those were never acknowledged. Anything else is a failure.
        if (running && !String((error as Error).cause ?? error).match(/ECONNRESET|ECONNREFUSED|other side closed|socket/i)) throw error;
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
  return { acked, stop: () => ((running = false), done) };
}

async function loadFile(path: string): Promise<Snapshot> {
  const text = await readFile(path, 'utf8');
  expect(text.endsWith('\n'), 'the file ends with its final newline, so it is whole').toBe(true);
  return parseSnapshot(JSON.parse(text), compiler);
}

describe('SIGKILL during a write load', () => {
  it('never leaves a corrupt file and never loses an acknowledged create, over several rounds', async () => {
    const stateFile = join(dir, 'state.json');
    const everAcked: Acked[] = [];
    const rounds = 5;
    for (let round = 1; round <= rounds; round++) {
      const cli = await startCli(['--pets', '3', '--state-file', stateFile]);
      children.push(cli);

      // The restarted server serves everything acknowledged before the previous kill.
      const state = (await (await fetch(`${cli.origin}/__admin/state`, { headers: AUTH })).json()) as Snapshot;
      const served = new Map(state.pets.map((pet) => [pet.id, pet]));
      for (const pet of everAcked) expect(served.get(pet.id), `pet ${pet.id} acknowledged before kill ${round - 1}`).toMatchObject(pet);
      if (everAcked.length) {
        const sample = everAcked[Math.floor(Math.random() * everAcked.length)];
        expect(await (await fetch(`${cli.origin}/v1/pets/${sample.id}`, { headers: AUTH })).json()).toMatchObject(sample);
      }

      const load = writeLoad(cli.origin, 8, round);
      const delayMs = 150 + Math.floor(Math.random() * 600);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const exit = await cli.stop('SIGKILL');
      await load.stop();
      expect(exit.signal).toBe('SIGKILL');
      expect(load.acked.length, `round ${round}: no create was acknowledged in ${delayMs} ms`).toBeGreaterThan(0);

      // The file on disk, read directly: whole, valid against the spec's schemas, with every ack.
      const onDisk = await loadFile(stateFile);
      const ids = new Set(onDisk.pets.map((pet) => pet.id));
      const lost = load.acked.filter((pet) => !ids.has(pet.id));
      expect(lost, `round ${round} (killed after ${delayMs} ms): acknowledged but not in the file`).toEqual([]);
      expect(onDisk.nextPetId).toBeGreaterThan(Math.max(...ids));
      everAcked.push(...load.acked);
    }

    // A last start: new ids never collide with acknowledged ones.
    const cli = await startCli(['--state-file', stateFile]);
    children.push(cli);
    const created = await (await fetch(`${cli.origin}/v1/pets`, { method: 'POST', headers: AUTH, body: '{"name":"after","categoryId":1}' })).json();
    expect(everAcked.map((pet) => pet.id)).not.toContain(created.id);
    expect(new Set(everAcked.map((pet) => pet.id)).size).toBe(everAcked.length);
  }, 90_000);
});

describe('a corrupt state file stops startup and is left untouched', () => {
  const cases: [string, string, RegExp][] = [
    ['truncated JSON', '{"format":"petstore-kit/state@1","nextPetId":3,"pets":[{"id":1,"na', /not valid JSON/],
    ['an empty file', '', /not valid JSON/],
    ['another format', '{"format":"other@9","nextPetId":1,"nextMessageId":1,"pets":[],"messages":[]}\n', /format/],
    ['an invalid pet', '{"format":"petstore-kit/state@1","nextPetId":3,"nextMessageId":1,"pets":[{"id":1,"name":"a","categoryId":"x"}],"messages":[]}\n', /pets\[0\]/],
    ['two pets with one id', '{"format":"petstore-kit/state@1","nextPetId":3,"nextMessageId":1,"pets":[{"id":1,"name":"a","categoryId":1},{"id":1,"name":"b","categoryId":1}],"messages":[]}\n', /share an id/],
    ['an array', '[]\n', /format/],
  ];
  it.each(cases)('%s → non-zero exit, a message naming the file and the fault, file byte-identical', async (name, content, why) => {
    const path = join(dir, `corrupt-${name.replace(/\W+/g, '-')}.json`);
    await writeFile(path, content);
    const before = await readFile(path);
    const { code, output } = await runCli(['serve', '--port', '0', '--state-file', path]);
    expect(code, output).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toMatch(/Failed to load the state/);
    expect(output).toMatch(why);
    expect(output, 'the message names the file to fix').toContain(path);
    expect(output).not.toMatch(/Pet Store API/);
    expect((await readFile(path)).equals(before)).toBe(true);
  });
});
