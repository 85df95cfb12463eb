// `petstore-kit serve --data FILE`: your pets from a JSON or YAML file, as a frontend developer starts it.
// Checked against the interface (exit 2, each entry and field named), never written to; with --state-file
// only the changes since those pets are kept, and a file made on other pets starts again from yours; --watch
// loads the file again when it is saved, and keeps the pets when the new version is refused.
import { mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { frame, scanFrames } from '../../src/node/state/frames.ts';
import { runCli, startCli, type CliChild } from '../support/cli-child.ts';
import { runRow } from '../support/cli-in-process.ts';

const AUTH = { authorization: 'Bearer petstore-dev-key', 'content-type': 'application/json' };
const MY_PETS = [
  { id: 12, name: 'Biscuit', categoryId: 2, status: 'available' },
  { name: 'Pepper', categoryId: 1, status: 'sold' },
  { id: 3, name: 'Mochi', categoryId: 3 },
];
/** MY_PETS as the mock lists them: in id order, ids assigned after the highest, status defaulted. */
const LISTED = [
  { id: 3, name: 'Mochi', categoryId: 3, status: 'available' },
  { id: 12, name: 'Biscuit', categoryId: 2, status: 'available' },
  { id: 13, name: 'Pepper', categoryId: 1, status: 'sold' },
];

const dirs: string[] = [];
const children: CliChild[] = [];
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-data-'));
  dirs.push(dir);
});
afterEach(async () => {
  for (const child of children.splice(0)) await child.stop();
});
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function start(args: string[]): Promise<CliChild> {
  const cli = await startCli(args);
  children.push(cli);
  return cli;
}
const list = async (cli: CliChild) =>
  (await fetch(`${cli.origin}/v1/pets?limit=100`, { headers: AUTH })).json() as Promise<{ id: number; name: string }[]>;
const create = async (cli: CliChild, name: string) =>
  (
    await fetch(`${cli.origin}/v1/pets`, {
      method: 'POST',
      headers: AUTH,
      body: JSON.stringify({ name, categoryId: 1 }),
    })
  ).json() as Promise<{ id: number }>;
const write = async (name: string, value: unknown) => {
  const path = join(dir, name);
  await writeFile(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return path;
};

describe('serve --data', () => {
  it('serves my pets from a JSON file, creates after my highest id, and never writes to the file', async () => {
    const path = await write('pets.json', MY_PETS);
    const before = { text: await readFile(path, 'utf8'), mtime: (await stat(path)).mtimeMs };
    const cli = await start(['--data', path]);
    expect(cli.output()).toContain(`  Your pets      ${path}: 3 pets\n`);
    expect(await list(cli)).toEqual(LISTED);
    expect(await (await fetch(`${cli.origin}/v1/pets/12`, { headers: AUTH })).json()).toMatchObject({
      name: 'Biscuit',
    });
    expect((await create(cli, 'New')).id).toBe(14);
    expect((await fetch(`${cli.origin}/__admin/reset`, { method: 'POST', headers: AUTH })).status).toBe(200);
    expect(await list(cli)).toEqual(LISTED);
    await cli.stop();
    expect({ text: await readFile(path, 'utf8'), mtime: (await stat(path)).mtimeMs }).toEqual(before);
  });

  it('reads YAML too, an int64 categoryId digit for digit', async () => {
    const path = await write(
      'pets.yaml',
      [
        '# my fixtures',
        '- name: Rex',
        '  categoryId: 9007199254740993',
        '  status: pending',
        '- { id: 4, name: Tom, categoryId: 1 }',
        '',
      ].join('\n'),
    );
    const cli = await start(['--data', path]);
    const text = await (await fetch(`${cli.origin}/v1/pets`, { headers: AUTH })).text();
    expect(text).toBe(
      '[{"id":4,"name":"Tom","categoryId":1,"status":"available"},{"id":5,"name":"Rex","categoryId":9007199254740993,"status":"pending"}]',
    );
  });

  it('refuses pets the interface does not accept: exit 2, every entry and field named, the file untouched', async () => {
    const path = await write('pets.json', [
      { name: 'Rex', categoryId: 1 },
      { name: 'Tom', categoryId: 'two' },
      { categoryId: 1, status: 'lost' },
      { id: 1, name: 'Rex again', categoryId: 1, owner: 'me' },
    ]);
    const text = await readFile(path, 'utf8');
    const result = await runCli(['serve', '--port', '0', '--data', path]);
    expect(result.code).toBe(2);
    expect(result.output).toBe(
      [
        `petstore-kit serve: --data ${path}: 4 problems`,
        `  ${path}: entry 1: field 'categoryId' must be integer`,
        `  ${path}: entry 2: field 'name' is required`,
        `  ${path}: entry 2: field 'status' must be one of: available, pending, sold`,
        `  ${path}: entry 3: field 'owner' is not a field of a pet (id, name, categoryId, status)`,
        'Run petstore-kit serve --help for usage.',
        '',
      ].join('\n'),
    );
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  const badFiles: [what: string, name: string, content: string, problem: string][] = [
    [
      'one bad entry',
      'pets.json',
      '[{"name":"Rex","categoryId":1},{"name":"Tom","categoryId":1.5}]',
      "entry 1: field 'categoryId' must be integer",
    ],
    [
      'two pets with one id',
      'pets.json',
      '[{"id":2,"name":"A","categoryId":1},{"id":2,"name":"B","categoryId":1}]',
      'entry 1: id 2 is also the id of entry 0',
    ],
    ['not JSON', 'pets.json', '[{"name": "Rex",]', 'not valid JSON ('],
    ['not YAML', 'pets.yml', '- name: [Rex', 'not valid YAML ('],
    [
      'not a list',
      'pets.json',
      '{"name":"Rex","categoryId":1}',
      'expected an array of pets, e.g. [{ "name": "Rex", "categoryId": 1 }], got object',
    ],
  ];
  it.each(badFiles)('%s: one line, exit 2', async (what, name, content, problem) => {
    const path = await write(name, content);
    // Each row but the first in this process (runRow): a row need not start a Node process to be refused.
    const result = await runRow(what === badFiles[0][0])(['serve', '--port', '0', '--data', path]);
    expect(result.code).toBe(2);
    expect(result.output.split('\n')[0]).toContain(`petstore-kit serve: --data ${path}: ${problem}`);
  });

  const badFlags: [args: string[], line: string][] = [
    [['--data', '/no/such/pets.json'], 'petstore-kit serve: --data /no/such/pets.json: no such file'],
    [['--data', 'pets.json', '--pets', '3'], 'petstore-kit serve: --pets and --data: pass one'],
    [['--watch'], 'petstore-kit serve: --watch: it watches the file of --data; pass --data FILE'],
  ];
  it.each(badFlags)('%j: exit 2 with a clear line', async (args, line) => {
    const result = await runRow(args === badFlags[0][0])(['serve', '--port', '0', ...args]);
    expect(result.code).toBe(2);
    expect(result.output).toContain(line);
  });

  it('is in --help, with --watch', async () => {
    const { output } = await runCli(['serve', '--help']);
    expect(output).toMatch(/\n {2}--data FILE +Start from your pets instead: a JSON or YAML file/);
    expect(output).toMatch(/\n {2}--watch +With --data: load the file again whenever it changes/);
  });

  it('takes the pets of a saved state (GET /__admin/state, a petstore-kit/state@1 file) as my data', async () => {
    const saved = {
      format: 'petstore-kit/state@1',
      nextPetId: 9,
      nextMessageId: 1,
      pets: [{ id: 8, name: 'Kept', categoryId: 1 }],
      messages: [],
    };
    const cli = await start(['--data', await write('state-fixture.json', saved)]);
    expect(await list(cli)).toEqual([{ id: 8, name: 'Kept', categoryId: 1, status: 'available' }]);
  });
});

describe('serve --data --state-file', () => {
  /** The records the state file holds, snapshot and journals together, and its header. */
  async function onDisk(stateFile: string) {
    const [headerLine, ...body] = (await readFile(stateFile, 'utf8')).split('\n').filter(Boolean);
    const journal = await readFile(`${stateFile}.journal-${JSON.parse(headerLine!).generation}`).catch(() =>
      Buffer.alloc(0),
    );
    return { header: JSON.parse(headerLine!), records: [...body, ...scanFrames(journal, 0).payloads] };
  }

  it('keeps only the changes since my pets, and brings them back on the same pets', async () => {
    const data = await write('pets.json', MY_PETS);
    const stateFile = join(dir, 'state.json');
    let cli = await start(['--data', data, '--state-file', stateFile]);
    expect(cli.output()).toContain(`  State file     ${stateFile} (new; the changes since ${data})\n`);
    await create(cli, 'Created one');
    await create(cli, 'Created two');
    await cli.stop();
    const { header, records } = await onDisk(stateFile);
    expect(header).toMatchObject({ format: 'petstore-kit/state@3', seededPets: 0, data: { pets: 3, from: data } });
    expect(header.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(records).toEqual(
      [
        '{"id":14,"name":"Created one","categoryId":1,"status":"available"}',
        '{"id":15,"name":"Created two","categoryId":1,"status":"available"}',
      ].map((json) => `p${json}`),
    );

    // The same pets, written differently (YAML, another order): the same data set, the changes replayed.
    const yaml = await write(
      'pets.yaml',
      MY_PETS.slice()
        .reverse()
        .map((pet) => `- ${JSON.stringify(pet)}`)
        .join('\n'),
    );
    cli = await start(['--data', yaml, '--state-file', stateFile]);
    expect(cli.output()).toContain(`(loaded; the changes since ${yaml})`);
    expect((await list(cli)).map((pet) => pet.id)).toEqual([3, 12, 13, 14, 15]);
  });

  it('starts again from my pets when they changed since the file was written, and says so', async () => {
    const data = await write('pets.json', MY_PETS);
    const stateFile = join(dir, 'state.json');
    let cli = await start(['--data', data, '--state-file', stateFile]);
    await create(cli, 'Made on the old pets');
    await cli.stop();
    await write('pets.json', [...MY_PETS, { name: 'Added later', categoryId: 1 }]);
    cli = await start(['--data', data, '--state-file', stateFile]);
    expect(cli.output()).toContain(
      `  State file     ${stateFile} (made on other pets: its 1 change was dropped; it keeps the changes since ${data})\n`,
    );
    expect((await list(cli)).map((pet) => pet.name)).toEqual(['Mochi', 'Biscuit', 'Pepper', 'Added later']);
    expect(await create(cli, 'New')).toMatchObject({ id: 15 });
    await cli.stop();
    expect((await onDisk(stateFile)).records).toHaveLength(1);
  });

  it('refuses, and leaves the file alone, when the pets its changes were made on are not given', async () => {
    const data = await write('pets.json', MY_PETS);
    const stateFile = join(dir, 'state.json');
    const cli = await start(['--data', data, '--state-file', stateFile]);
    await create(cli, 'Mine');
    await cli.stop();
    const before = await readFile(stateFile, 'utf8');
    const result = await runCli(['serve', '--port', '0', '--state-file', stateFile]);
    expect(result.code).toBe(1);
    expect(result.output.trim()).toBe(
      `[petstore-kit] Failed to load the state file ${stateFile}: its changes were made on your pets, ${data} (3 pets), ` +
        'and no pets of yours were given. Pass the same pets again (serve --data FILE), or remove the state file to start from generated pets.',
    );
    expect(await readFile(stateFile, 'utf8')).toBe(before);
  });

  it('reads a state file of the format before (petstore-kit/state@2) and carries it forward', async () => {
    const stateFile = join(dir, 'state.json');
    const header = {
      format: 'petstore-kit/state@2',
      seed: 1,
      seededPets: 2,
      generation: 1,
      nextPetId: 4,
      nextMessageId: 1,
      records: 1,
    };
    await writeFile(stateFile, `${JSON.stringify(header)}\np{"id":3,"name":"Old","categoryId":1}\n`);
    await writeFile(`${stateFile}.journal-1`, frame('p{"id":4,"name":"Older","categoryId":2,"status":"sold"}'));
    const cli = await start(['--state-file', stateFile, '--compact-after', '2']);
    expect((await list(cli)).map((pet) => pet.id)).toEqual([1, 2, 3, 4]);
    expect((await create(cli, 'New')).id).toBe(5);
    await expect.poll(async () => (await onDisk(stateFile)).header.format).toBe('petstore-kit/state@3');
  });
});

describe('serve --data --watch', () => {
  it('loads the file again when it is saved, and keeps the pets when the new version is refused', async () => {
    const data = await write('pets.json', MY_PETS);
    const cli = await start(['--data', data, '--watch']);
    expect(cli.output()).toContain(`  Your pets      ${data}: 3 pets (loaded again when it changes)\n`);
    await create(cli, 'Made before the edit');
    await write('pets.json', [{ name: 'Edited', categoryId: 1 }]);
    await expect.poll(async () => (await list(cli)).map((pet) => pet.name)).toEqual(['Edited']);
    expect(cli.output()).toContain(`[petstore-kit] Reloaded ${data}: 1 pet; the state went back to them.`);

    await write('pets.json', [{ name: 'Broken', categoryId: 'x' }]);
    await expect
      .poll(() => cli.output())
      .toContain(
        `[petstore-kit] Failed to reload ${data}: ${data}: entry 0: field 'categoryId' must be integer. ` +
          'The mock keeps the pets it had; fix the file and save it again.',
      );
    expect((await list(cli)).map((pet) => pet.name)).toEqual(['Edited']);

    // An editor that saves by renaming a new file over the old one.
    await writeFile(join(dir, '.pets.json.swp'), JSON.stringify([{ name: 'Renamed', categoryId: 2 }]));
    await rename(join(dir, '.pets.json.swp'), data);
    await expect.poll(async () => (await list(cli)).map((pet) => pet.name)).toEqual(['Renamed']);
  });

  it('with --state-file, a reload starts the file again from the new pets', async () => {
    const data = await write('pets.json', MY_PETS);
    const stateFile = join(dir, 'state.json');
    let cli = await start(['--data', data, '--watch', '--state-file', stateFile]);
    await create(cli, 'Before the edit');
    await write('pets.json', [{ id: 50, name: 'Edited', categoryId: 1 }]);
    await expect.poll(async () => (await list(cli)).map((pet) => pet.id)).toEqual([50]);
    expect((await create(cli, 'After the edit')).id).toBe(51);
    await cli.stop();
    cli = await start(['--data', data, '--state-file', stateFile]);
    expect(cli.output()).toContain('(loaded; the changes since');
    expect((await list(cli)).map((pet) => pet.name)).toEqual(['Edited', 'After the edit']);
  });
});
