// Start-up of `--state-file`: take the lock, load the snapshot, replay the journals after it (dropping a torn
// last record), and hand back what changed since the seed. Only once the store has accepted that state does
// `start` touch the disk: a file that cannot be loaded is never rewritten.
import { open, readdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { SavedChanges } from '../../core/index.ts';
import { KitError } from '../../shared/kit-error.ts';
import { syncDirectory } from './durable-fs.ts';
import { CorruptJournalError, scanFrames } from './frames.ts';
import { Journal, journalPath, MAX_TORN_BYTES, openJournal, type JournalOptions } from './journal.ts';
import { LEGACY_FORMAT, readSnapshot, STATE_FORMAT, writeSnapshot, type StateHeader } from './snapshot-file.ts';
import { lockStateFile, type StateLock } from './state-lock.ts';
import { decodeRecords, encodeMessage, encodePet } from './state-records.ts';

export interface OpenedState {
  /** The --seed and --pets the file was made with (they reproduce the pets before the changes). */
  seed: number;
  seededPets: number;
  saved: SavedChanges;
  /** What kind of file was found: a new one is created, a legacy one converted, when `start` runs. */
  found: 'none' | 'legacy' | 'current';
  /** Writes what start-up must (a new or converted snapshot, a cut torn tail), cleans strays, opens the journal. */
  start(options: Pick<JournalOptions, 'compactAfter' | 'counters' | 'log'>): Promise<Journal>;
  lock: StateLock;
}

export async function openState(path: string, defaults: { seed: number; pets: number }): Promise<OpenedState> {
  const lock = await lockStateFile(path);
  try {
    return await load(path, defaults, lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

const cannotLoad = (path: string, why: string) =>
  new KitError(`load the state file ${path}`, why, 'It was left untouched; fix or remove it.');

async function load(path: string, defaults: { seed: number; pets: number }, lock: StateLock): Promise<OpenedState> {
  const loaded = await readSnapshot(path);
  if (loaded.kind === 'legacy') {
    const value = loaded.value as { format?: unknown } & Partial<SavedChanges>;
    const format = typeof value === 'object' && value !== null && !Array.isArray(value) ? value.format : undefined;
    if (format !== LEGACY_FORMAT)
      throw cannotLoad(
        path,
        `its format is ${JSON.stringify(format)}, expected "${STATE_FORMAT}" (or "${LEGACY_FORMAT}")`,
      );
    // Every pet of a legacy file is in it, seeded ones too: carried forward with no seeded pets.
    const saved = {
      nextPetId: value.nextPetId!,
      nextMessageId: value.nextMessageId!,
      pets: value.pets!,
      messages: value.messages!,
    };
    const header = newHeader(defaults.seed, 0, saved);
    const records = () => [...(saved.pets ?? []).map(encodePet), ...(saved.messages ?? []).map(encodeMessage)];
    return opened(path, lock, 'legacy', header, saved, [], records);
  }
  if (loaded.kind === 'none') {
    const saved: SavedChanges = { nextPetId: defaults.pets + 1, nextMessageId: 1, pets: [], messages: [] };
    return opened(path, lock, 'none', newHeader(defaults.seed, defaults.pets, saved), saved, [], () => []);
  }
  const { header, records } = loaded;
  const saved: SavedChanges = {
    nextPetId: header.nextPetId,
    nextMessageId: header.nextMessageId,
    pets: [],
    messages: [],
  };
  try {
    decodeRecords(records, saved, 'the snapshot');
  } catch (error) {
    throw cannotLoad(path, (error as Error).message);
  }
  const fromSnapshot = { pets: saved.pets.length, messages: saved.messages.length };
  const journals = await replayJournals(path, header.generation, saved);
  // Journal records passed their checksum and were written from validated requests: no schema check again.
  saved.verified = {
    pets: saved.pets.length - fromSnapshot.pets,
    messages: saved.messages.length - fromSnapshot.messages,
  };
  return opened(path, lock, 'current', header, saved, journals, undefined);
}

interface ReplayedJournal {
  generation: number;
  records: string[];
  wholeBytes: number;
  size: number;
}

/** Replays every journal from the snapshot's generation on, oldest first; only the newest may end torn. */
async function replayJournals(path: string, from: number, saved: SavedChanges): Promise<ReplayedJournal[]> {
  const generations = (await journalGenerations(path)).filter((generation) => generation >= from);
  const replayed: ReplayedJournal[] = [];
  for (const [i, generation] of generations.entries()) {
    const file = journalPath(path, generation);
    const buffer = await readFile(file);
    let scanned;
    try {
      scanned = scanFrames(buffer, i === generations.length - 1 ? MAX_TORN_BYTES : 0);
    } catch (error) {
      if (!(error instanceof CorruptJournalError)) throw error;
      throw cannotLoad(file, error.message);
    }
    try {
      decodeRecords(scanned.payloads, saved, `journal ${generation}`);
    } catch (error) {
      throw cannotLoad(file, (error as Error).message);
    }
    replayed.push({ generation, records: scanned.payloads, wholeBytes: scanned.wholeBytes, size: buffer.length });
  }
  return replayed;
}

async function journalGenerations(path: string): Promise<number[]> {
  const prefix = `${basename(path)}.journal-`;
  const names = await readdir(dirname(path));
  return names
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => Number(name.slice(prefix.length)))
    .sort((a, b) => a - b);
}

function newHeader(seed: number, seededPets: number, saved: Partial<SavedChanges>): StateHeader {
  const records = (saved.pets?.length ?? 0) + (saved.messages?.length ?? 0);
  return {
    format: STATE_FORMAT,
    seed,
    seededPets,
    generation: 1,
    nextPetId: saved.nextPetId ?? seededPets + 1,
    nextMessageId: saved.nextMessageId ?? 1,
    records,
  };
}

function opened(
  path: string,
  lock: StateLock,
  found: OpenedState['found'],
  header: StateHeader,
  saved: SavedChanges,
  journals: ReplayedJournal[],
  /** The records of a snapshot to write at start (a new file, a converted legacy one). */
  rewrite: (() => string[]) | undefined,
): OpenedState {
  return {
    seed: header.seed,
    seededPets: header.seededPets,
    saved,
    found,
    lock,
    async start(options) {
      if (rewrite) await writeSnapshot(path, header, { records: [rewrite()] });
      const newest = journals[journals.length - 1];
      let current: JournalOptions['current'];
      if (newest) {
        const file = await openJournal(path, newest.generation, false);
        // A torn last record was never acknowledged (its write did not finish): cut it off before appending.
        if (newest.wholeBytes < newest.size) {
          await file.truncate(newest.wholeBytes);
          await file.datasync();
        }
        current = { generation: newest.generation, file, size: newest.wholeBytes, records: newest.records };
      } else {
        const file = await openJournal(path, header.generation, true);
        await syncDirectory(path);
        current = { generation: header.generation, file, size: 0, records: [] };
      }
      await removeStrays(path, header.generation);
      const sealed = journals.slice(0, -1).map(({ generation, records }) => ({ generation, records }));
      return new Journal({ ...options, path, snapshot: header, current, sealed });
    },
  };
}

/**
 * Temporary snapshots a killed process left (never renamed, so they hold nothing acknowledged) and journals a
 * snapshot already holds.
 */
async function removeStrays(path: string, generation: number): Promise<void> {
  const base = basename(path);
  const names = await readdir(dirname(path));
  const stale = names.filter((name) => {
    if (!name.startsWith(`${base}.`)) return false;
    const rest = name.slice(base.length + 1);
    return /^\d+\.\d+\.tmp$/.test(rest) || (/^journal-\d+$/.test(rest) && Number(rest.slice(8)) < generation);
  });
  await Promise.all(stale.map((name) => rm(join(dirname(path), name), { force: true })));
  if (stale.length) await syncDirectory(path);
}
