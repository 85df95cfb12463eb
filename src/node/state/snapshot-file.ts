// The snapshot: a header line, then one record per line (see state-records.ts) for every event since the data
// set the header names. It is only ever replaced whole: written to a temporary file in slices (the event loop
// keeps serving), fsynced, renamed over the old one, and the directory fsynced.
import { open, readFile, rm, type FileHandle } from 'node:fs/promises';
import { KitError } from '../../shared/kit-error.ts';
import { parseJsonExact } from '../../shared/exact-json.ts';
import { renameDurably } from './durable-fs.ts';
import { processWide } from '../../shared/process-wide.ts';

export const STATE_FORMAT = 'petstore-kit/state@3';
/**
 * The format before: the same records but `d`, and no `data` in the header (the changes always applied to
 * generated pets). Loaded as it is; the next snapshot written is @3.
 */
export const PREVIOUS_FORMAT = 'petstore-kit/state@2';
/** The first single-JSON file (every pet, seeded ones too), still loaded and carried forward. */
export const LEGACY_FORMAT = 'petstore-kit/state@1';

/** Your pets, as a state file names them: by the SHA-256 of their JSON, not by their content. */
export interface DataIdentity {
  sha256: string;
  /** How many pets, and where they came from (`--data FILE`; absent for pets given in code): for messages. */
  pets: number;
  from?: string;
}

export interface StateHeader {
  format: typeof STATE_FORMAT;
  /** The --seed (of the faults' draws, and of the generated pets unless `data` names yours). */
  seed: number;
  /** How many generated pets the events apply to; 0 with `data`. */
  seededPets: number;
  /** Your pets the events apply to (`--data`, or `pets: [...]` in code), when they are not generated. */
  data?: DataIdentity;
  /** The first journal after this snapshot; journals with lower numbers are already in it. */
  generation: number;
  nextPetId: number;
  nextMessageId: number;
  records: number;
}

export type LoadedSnapshot =
  { kind: 'none' } | { kind: 'legacy'; value: unknown } | { kind: 'current'; header: StateHeader; records: string[] };

const cannotLoad = (path: string, why: string) =>
  new KitError(`load the state file ${path}`, why, 'It was left untouched; fix or remove it.');

export async function readSnapshot(path: string): Promise<LoadedSnapshot> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    throw new KitError(
      `read the state file ${path}`,
      (error as Error).message,
      'Check its permissions or choose another path.',
    );
  }
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const header = tryJson(firstLine) as (Omit<Partial<StateHeader>, 'format'> & { format?: unknown }) | undefined;
  if (header?.format !== STATE_FORMAT && header?.format !== PREVIOUS_FORMAT) {
    try {
      return { kind: 'legacy', value: parseJsonExact(text) };
    } catch (error) {
      // V8 quotes the start of the text: kept on one line, and control characters shown escaped, never sent
      // to the terminal as they are.
      const why = (error as Error).message
        .replace(/\s+/g, ' ')
        .replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      throw cannotLoad(path, `it is not valid JSON (${why})`);
    }
  }
  const counters = ['seed', 'seededPets', 'generation', 'nextPetId', 'nextMessageId', 'records'] as const;
  const bad = counters.find((key) => !Number.isSafeInteger(header[key]) || header[key]! < 0);
  if (bad) throw cannotLoad(path, `its header's "${bad}" is not a whole number`);
  const { data } = header;
  if (data !== undefined && (typeof data?.sha256 !== 'string' || !Number.isSafeInteger(data.pets)))
    throw cannotLoad(path, `its header's "data" is not { sha256, pets }`);
  if (!text.endsWith('\n')) throw cannotLoad(path, 'it is truncated (its last line is cut short)');
  const records = text.slice(firstLine.length + 1, -1).split('\n');
  if (records.length === 1 && records[0] === '') records.pop();
  if (records.length !== header.records) {
    throw cannotLoad(
      path,
      `it is truncated or damaged: its header promises ${header.records} records, it holds ${records.length}`,
    );
  }
  // An @2 header is an @3 header without `data`: read as one, so the next snapshot is written as @3.
  return { kind: 'current', header: { ...(header as StateHeader), format: STATE_FORMAT }, records };
}

/** Where the records start in a current snapshot (after its header line). */
export async function recordsOffset(path: string): Promise<number> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    return buffer.subarray(0, bytesRead).indexOf(0x0a) + 1;
  } finally {
    await file.close();
  }
}

export interface SnapshotSource {
  /** Records of an existing snapshot to copy byte for byte (from `offset` to its end). */
  copyFrom?: { path: string; offset: number };
  /** Further records, in order. */
  records: readonly (readonly string[])[];
}

const SLICE_RECORDS = 4096;
const COPY_BYTES = 1 << 20;
/** Numbers the process's temporary snapshots: one counter for every copy of the kit the process loaded. */
const sequence = processWide('snapshot-sequence', () => ({ next: 0 }));

/** Writes a new snapshot in slices and switches to it atomically and durably. */
export async function writeSnapshot(path: string, header: StateHeader, source: SnapshotSource): Promise<void> {
  const temporary = `${path}.${process.pid}.${++sequence.next}.tmp`;
  const file = await open(temporary, 'w');
  try {
    let position = 0;
    const put = async (chunk: string | Buffer) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      await writeAll(file, bytes, position);
      position += bytes.length;
    };
    await put(`${JSON.stringify(header)}\n`);
    if (source.copyFrom) {
      const old = await open(source.copyFrom.path, 'r');
      try {
        const buffer = Buffer.alloc(COPY_BYTES);
        for (let at = source.copyFrom.offset; ;) {
          const { bytesRead } = await old.read(buffer, 0, COPY_BYTES, at);
          if (bytesRead === 0) break;
          await put(buffer.subarray(0, bytesRead));
          at += bytesRead;
        }
      } finally {
        await old.close();
      }
    }
    for (const records of source.records) {
      for (let start = 0; start < records.length; start += SLICE_RECORDS)
        await put(`${records.slice(start, start + SLICE_RECORDS).join('\n')}\n`);
    }
    await file.sync();
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  await file.close();
  await renameDurably(temporary, path);
}

/** Writes every byte at `position` (a write may be short; a full disk fails it). */
export async function writeAll(file: FileHandle, bytes: Buffer, position: number): Promise<void> {
  for (let done = 0; done < bytes.length;) {
    const { bytesWritten } = await file.write(bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
