// Start-up of `--state-file`: take the lock, load the snapshot, replay the journals after it (dropping a torn
// last record), and hand back the events since the data set they apply to. Only once the store has accepted
// them does `start` touch the disk: a file that cannot be loaded is never rewritten.
import { readdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { LoggedEvent, SavedLog } from '../../core/persistence.ts';
import type { Message, Pet } from '../../core/index.ts';
import { KitError } from '../../shared/kit-error.ts';
import { syncDirectory } from './durable-fs.ts';
import { CorruptJournalError, scanFrames } from './frames.ts';
import { Journal, journalPath, MAX_TORN_BYTES, openJournal, type JournalOptions, type StateBase } from './journal.ts';
import {
  LEGACY_FORMAT,
  PREVIOUS_FORMAT,
  readSnapshot,
  STATE_FORMAT,
  writeSnapshot,
  type DataIdentity,
  type StateHeader,
} from './snapshot-file.ts';
import { lockStateFile, type StateLock } from './state-lock.ts';
import { decodeRecords, encodeEvent } from './state-records.ts';

/** What the mock starts from without the file: generated pets (seed, count), or yours (by identity). */
export interface StateOptions {
  seed: number;
  pets: number;
  data?: DataIdentity;
}

export interface OpenedState {
  /** What the events apply to: the file's own (its seed and count win over the flags), or the options'. */
  base: StateBase;
  saved: SavedLog;
  /**
   * What was found: nothing (a new file is made), a legacy file (converted), a current one (loaded), or one
   * made on other pets than yours (`data-changed`: its events no longer apply, and were dropped).
   */
  found: 'none' | 'legacy' | 'current' | 'data-changed';
  /** With `data-changed`: how many events the file held. */
  dropped: number;
  /** Writes what start-up must (a new or converted snapshot, a cut torn tail), cleans strays, opens the journal. */
  start(options: Pick<JournalOptions, 'compactAfter' | 'counters' | 'log'>): Promise<Journal>;
  lock: StateLock;
}

export async function openState(path: string, options: StateOptions): Promise<OpenedState> {
  const lock = await lockStateFile(path);
  try {
    return await load(path, options, lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

const cannotLoad = (path: string, why: string, fix = 'It was left untouched; fix or remove it.') =>
  new KitError(`load the state file ${path}`, why, fix);

/** Your pets in a message: `pets.json (12 pets)`, or `12 pets given in code`. */
export function describeData(data: DataIdentity): string {
  const count = `${data.pets} pet${data.pets === 1 ? '' : 's'}`;
  return data.from === undefined ? `${count} given in code` : `${data.from} (${count})`;
}

async function load(path: string, options: StateOptions, lock: StateLock): Promise<OpenedState> {
  const loaded = await readSnapshot(path);
  const ownBase: StateBase = options.data
    ? { seed: options.seed, seededPets: 0, data: options.data }
    : { seed: options.seed, seededPets: options.pets };
  if (loaded.kind === 'legacy') return loadLegacy(path, loaded.value, options, lock);
  if (loaded.kind === 'none') {
    const saved: SavedLog = { events: [], nextPetId: 1, nextMessageId: 1 };
    return opened(path, lock, 'none', headerOf(ownBase, 1, saved), saved, [], () => []);
  }
  const { header, records } = loaded;
  const saved: SavedLog = { events: [], nextPetId: header.nextPetId, nextMessageId: header.nextMessageId };
  try {
    decodeRecords(records, saved, 'the snapshot');
  } catch (error) {
    throw cannotLoad(path, (error as Error).message);
  }
  const fromSnapshot = saved.events.length;
  const journals = await replayJournals(path, header.generation, saved);
  if (header.data && !options.data)
    throw cannotLoad(
      path,
      `its changes were made on your pets, ${describeData(header.data)}, and no pets of yours were given`,
      'Pass the same pets again (serve --data FILE), or remove the state file to start from generated pets.',
    );
  // Events made on other pets than these do not apply to them: the file starts again from yours.
  if (options.data && header.data?.sha256 !== options.data.sha256) {
    const newest = Math.max(header.generation, ...journals.map((journal) => journal.generation));
    const empty: SavedLog = { events: [], nextPetId: 1, nextMessageId: 1 };
    const state = opened(path, lock, 'data-changed', headerOf(ownBase, newest + 1, empty), empty, [], () => []);
    return { ...state, dropped: saved.events.length };
  }
  // Journal records passed their checksum and were written from validated requests: no schema check again.
  saved.verified = saved.events.length - fromSnapshot;
  const state = opened(path, lock, 'current', header, saved, journals, undefined);
  // The same pets, perhaps from a file of another name now: named as given.
  return options.data ? { ...state, base: { ...state.base, data: options.data } } : state;
}

/** The first single-JSON file: every pet in it (seeded ones too), carried forward as a data set loaded. */
function loadLegacy(path: string, value: unknown, options: StateOptions, lock: StateLock): OpenedState {
  const legacy = value as { format?: unknown; pets?: Pet[]; messages?: Message[] } & Partial<SavedLog>;
  const format = typeof legacy === 'object' && legacy !== null && !Array.isArray(legacy) ? legacy.format : undefined;
  if (format !== LEGACY_FORMAT)
    throw cannotLoad(
      path,
      `its format is ${JSON.stringify(format)}, expected "${STATE_FORMAT}" (or "${PREVIOUS_FORMAT}", "${LEGACY_FORMAT}")`,
    );
  if (options.data)
    throw cannotLoad(
      path,
      `it is a single-JSON state (${LEGACY_FORMAT}) holding pets of its own, and your pets were given too`,
      `It was left untouched. To make its pets your data, pass it as --data ${path} (with another --state-file).`,
    );
  const events: LoggedEvent[] = [
    { type: 'data-loaded', pets: legacy.pets! },
    ...(Array.isArray(legacy.messages) ? legacy.messages : []).map((message): LoggedEvent => ({
      type: 'message-sent',
      message,
    })),
  ];
  const saved: SavedLog = { events, nextPetId: legacy.nextPetId!, nextMessageId: legacy.nextMessageId! };
  const header = headerOf({ seed: options.seed, seededPets: 0 }, 1, saved);
  // Non-numeric counters are refused by the store's check, before `start` writes anything.
  if (!Number.isSafeInteger(header.nextPetId) || !Number.isSafeInteger(header.nextMessageId))
    Object.assign(header, { nextPetId: 1, nextMessageId: 1 });
  return opened(path, lock, 'legacy', header, saved, [], () => events.map(encodeEvent));
}

interface ReplayedJournal {
  generation: number;
  records: string[];
  wholeBytes: number;
  size: number;
}

/** Replays every journal from the snapshot's generation on, oldest first; only the newest may end torn. */
async function replayJournals(path: string, from: number, saved: SavedLog): Promise<ReplayedJournal[]> {
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

function headerOf(base: StateBase, generation: number, saved: SavedLog): StateHeader {
  return {
    format: STATE_FORMAT,
    ...base,
    generation,
    nextPetId: saved.nextPetId,
    nextMessageId: saved.nextMessageId,
    records: saved.events.length,
  };
}

function opened(
  path: string,
  lock: StateLock,
  found: OpenedState['found'],
  header: StateHeader,
  saved: SavedLog,
  journals: ReplayedJournal[],
  /** The records of a snapshot to write at start (a new file, a converted legacy one, your pets changed). */
  rewrite: (() => string[]) | undefined,
): OpenedState {
  return {
    base: { seed: header.seed, seededPets: header.seededPets, data: header.data },
    saved,
    found,
    dropped: 0,
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
