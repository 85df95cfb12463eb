import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStateWriter, loadStateFile, removeStaleTemporaries } from './state-file.ts';

const freshDir = () => mkdtemp(join(tmpdir(), 'petstore-state-file-'));

describe('state file', () => {
  it('coalesces saves: every caller waits for a write that includes its change', async () => {
    const path = join(await freshDir(), 'state.json');
    let value = 0;
    let writes = 0;
    const writer = createStateWriter(path, () => (writes++, { value }));
    const saves = Array.from({ length: 20 }, () => (value++, writer.save()));
    await Promise.all(saves);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ value: 20 });
    expect(writes).toBeLessThanOrEqual(3);
  });

  it('leaves no temporary file behind and loads what it saved', async () => {
    const dir = await freshDir();
    const path = join(dir, 'state.json');
    const writer = createStateWriter(path, () => ({ pets: [1, 2] }));
    await writer.save();
    await writer.flush();
    expect(await readdir(dir)).toEqual(['state.json']);
    expect(await loadStateFile(path)).toEqual({ pets: [1, 2] });
    expect(await loadStateFile(join(dir, 'missing.json'))).toBeUndefined();
  });

  it('removes temporaries a killed process left, and nothing else', async () => {
    const dir = await freshDir();
    const path = join(dir, 'state.json');
    for (const name of ['state.json', 'state.json.123.4.tmp', 'state.json.99.1.tmp', 'other.json.1.1.tmp', 'state.json.bak']) await writeFile(join(dir, name), '{}');
    await removeStaleTemporaries(path);
    expect((await readdir(dir)).sort()).toEqual(['other.json.1.1.tmp', 'state.json', 'state.json.bak']);
  });
});
