// The append-only journal behind `--state-file`, with group commit: records that arrive while a write is on
// its way share the next write and its one fdatasync, so concurrency raises throughput instead of latency.
// A record's promise resolves only once it is on disk. When the journal grows past a threshold, writes move to
// a new journal file and a new snapshot (the old one + the sealed journals) is written in the background.
import { constants } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { frame } from './frames.ts';
import { syncDirectory } from './durable-fs.ts';
import type { IdCounters } from '../../core/persistence.ts';
import { recordsOffset, STATE_FORMAT, writeAll, writeSnapshot, type StateHeader } from './snapshot-file.ts';

/** One group-commit write holds at most this much (a bigger record goes alone); only the last write can tear. */
export const MAX_BATCH_BYTES = 1 << 20;
/** A torn tail longer than this cannot come from one write: the file is corrupt. Covers the largest record. */
export const MAX_TORN_BYTES = 8 << 20;

export const journalPath = (path: string, generation: number) => `${path}.journal-${generation}`;

/**
 * Journals are opened with O_DSYNC: each write returns only once its data is on disk, as write + fdatasync
 * would, in one trip to the thread pool instead of two. `create` adds O_EXCL (a new journal never reuses a file).
 */
export function openJournal(path: string, generation: number, create: boolean): Promise<FileHandle> {
  const flags = constants.O_RDWR | constants.O_DSYNC | (create ? constants.O_CREAT | constants.O_EXCL : 0);
  return open(journalPath(path, generation), flags, 0o644);
}

/** Write errors that leave the disk as it was before the write (no space, over a size limit or quota). */
const REFUSED_WRITES = new Set(['ENOSPC', 'EFBIG', 'EDQUOT']);

/** A write that did not reach the disk; the caller answers 503 and withdraws the change. */
export class StorageError extends Error {}

type Counters = IdCounters;

/** What the events of a snapshot apply to: generated pets (seed, count) or yours (by hash). */
export type StateBase = Pick<StateHeader, 'seed' | 'seededPets' | 'data'>;

export interface JournalOptions {
  path: string;
  /** The snapshot on disk now: its header (seed, generation, record count). */
  snapshot: StateHeader;
  /** The journal being appended to, its size, and its records (kept until the next snapshot holds them). */
  current: { generation: number; file: FileHandle; size: number; records: string[] };
  /** Journals after the snapshot that are full and sealed, oldest first, with their records. */
  sealed: { generation: number; records: string[] }[];
  /** Start a new snapshot once the journal holds this many records. */
  compactAfter: number;
  /** The store's id counters now (a snapshot header must be above every id it holds). */
  counters(): Counters;
  /** Told of failures no request waits for (a background snapshot that could not be written). */
  log(line: string): void;
}

type Waiter = { resolve(): void; reject(error: Error): void };
type Task =
  | { kind: 'record'; payload: string; bytes: Buffer }
  | { kind: 'rewrite'; records: () => string[]; counters: Counters; base?: StateBase };
type Item = Task & Waiter;

export class Journal {
  readonly #options: JournalOptions;
  #snapshot: StateHeader;
  #current: JournalOptions['current'];
  #sealed: (JournalOptions['sealed'][number] & { counters: Counters })[];
  #queue: Item[] = [];
  #pumping = false;
  #compaction: Promise<void> | undefined;
  /** A snapshot is due: the pump seals the journal before its next write (never during one). */
  #sealWanted = false;
  /** After a failed attempt, the next one waits for this many records in the journal. */
  #compactAt: number;
  /** Set when the disk's state is no longer known (a failed fsync or truncate): every later write fails. */
  #broken: Error | undefined;

  constructor(options: JournalOptions) {
    this.#options = options;
    this.#snapshot = options.snapshot;
    this.#current = options.current;
    this.#sealed = options.sealed.map((journal) => ({ ...journal, counters: options.counters() }));
    this.#compactAt = options.compactAfter;
    this.#maybeCompact();
    if (this.#sealWanted || this.#sealed.length) {
      this.#sealWanted = true;
      void this.#pump();
    }
  }

  /** Resolves once the record is on disk; rejects with a StorageError if it cannot get there. */
  append(payload: string): Promise<void> {
    return this.#enqueue({ kind: 'record', payload, bytes: frame(payload) });
  }

  /**
   * Replaces everything on disk with these records (after a reset, or a new data set: then `base` says what
   * the records now apply to); later appends wait for it.
   */
  rewrite(records: () => string[], counters: Counters, base?: StateBase): Promise<void> {
    return this.#enqueue({ kind: 'rewrite', records, counters, base });
  }

  /** Waits for every queued write and the snapshot in progress, then closes the journal. */
  async close(): Promise<void> {
    while (this.#pumping || this.#queue.length || this.#compaction) {
      await new Promise((resolve) => setImmediate(resolve));
      await this.#compaction;
    }
    await this.#current.file.close();
  }

  #enqueue(task: Task): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.#broken) return reject(this.#broken);
      this.#queue.push({ ...task, resolve, reject });
      void this.#pump();
    });
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#queue.length || this.#sealWanted) {
        if (this.#sealWanted) await this.#startCompaction();
        if (!this.#queue.length) break;
        const head = this.#queue[0]!;
        if (head.kind === 'rewrite') {
          this.#queue.shift();
          await this.#rewrite(head);
          continue;
        }
        let bytes = 0;
        let count = 0;
        for (const item of this.#queue) {
          if (item.kind !== 'record' || (count > 0 && bytes + item.bytes.length > MAX_BATCH_BYTES)) break;
          bytes += item.bytes.length;
          count++;
        }
        await this.#write(this.#queue.splice(0, count) as Extract<Item, { kind: 'record' }>[], bytes);
      }
    } finally {
      this.#pumping = false;
    }
  }

  async #write(batch: Extract<Item, { kind: 'record' }>[], bytes: number): Promise<void> {
    const current = this.#current;
    const data =
      batch.length === 1
        ? batch[0]!.bytes
        : Buffer.concat(
            batch.map((item) => item.bytes),
            bytes,
          );
    try {
      await writeAll(current.file, data, current.size);
      // Where O_DSYNC does not exist (Windows), the sync is a call of its own.
      if (!constants.O_DSYNC) await current.file.datasync();
    } catch (error) {
      const cause = error as NodeJS.ErrnoException;
      // Any other error (EIO: the data may or may not be on disk) leaves the file's state unknown.
      if (!REFUSED_WRITES.has(cause.code ?? '')) return this.#breakDown(batch, `writing failed: ${cause.message}`);
      // Nothing of this batch was acknowledged: cut the journal back to its last whole record and go on.
      await current.file.truncate(current.size).then(
        () => this.#failQueued(batch, new StorageError(cause.message)),
        (truncateError: Error) =>
          this.#breakDown(batch, `${cause.message}; then cutting it back failed too: ${truncateError.message}`),
      );
      return;
    }
    current.size += data.length;
    for (const item of batch) {
      current.records.push(item.payload);
      item.resolve();
    }
    this.#maybeCompact();
  }

  /** Fails this batch and everything queued behind it (those changes sit above it in the store). */
  #failQueued(batch: Item[], error: Error): void {
    const queued = this.#queue.splice(0);
    for (const item of [...batch, ...queued]) item.reject(error);
  }

  #breakDown(batch: Item[], why: string): void {
    this.#broken = new StorageError(`${why}; the state file takes no more changes until the mock restarts`);
    this.#failQueued(batch, this.#broken);
  }

  #maybeCompact(): void {
    if (!this.#compaction && !this.#broken && this.#current.records.length >= this.#compactAt) this.#sealWanted = true;
  }

  /** Seals the journal (in the pump, between writes), then writes the snapshot in the background. */
  async #startCompaction(): Promise<void> {
    this.#sealWanted = false;
    const failed = (error: Error) => {
      this.#compactAt = this.#current.records.length + this.#options.compactAfter;
      this.#options.log(
        `a new snapshot could not be written (${error.message}); ` +
          'the journals keep every change and it is tried again later',
      );
    };
    try {
      await this.#seal();
    } catch (error) {
      return failed(error as Error);
    }
    this.#compactAt = this.#options.compactAfter;
    this.#compaction = this.#compact()
      .catch(failed)
      .finally(() => (this.#compaction = undefined));
  }

  /** Moves appends to a new, empty journal file; the full one is kept until a snapshot holds its records. */
  async #seal(): Promise<void> {
    const generation = this.#current.generation + 1;
    const file = await openJournal(this.#options.path, generation, true);
    await syncDirectory(this.#options.path);
    const full = this.#current;
    // Swapped before the old handle closes, so no append ever reaches a sealed journal.
    this.#current = { generation, file, size: 0, records: [] };
    this.#sealed.push({ generation: full.generation, records: full.records, counters: this.#options.counters() });
    await full.file.close();
  }

  /** The old snapshot's records copied byte for byte, then the sealed journals' records; then the switch. */
  async #compact(): Promise<void> {
    const sealed = this.#sealed.slice();
    const added = sealed.reduce((sum, journal) => sum + journal.records.length, 0);
    const header: StateHeader = {
      ...this.#snapshot,
      ...sealed[sealed.length - 1]!.counters,
      generation: this.#current.generation,
      records: this.#snapshot.records + added,
    };
    const { path } = this.#options;
    const copyFrom = this.#snapshot.records > 0 ? { path, offset: await recordsOffset(path) } : undefined;
    await writeSnapshot(path, header, { copyFrom, records: sealed.map((journal) => journal.records) });
    this.#snapshot = header;
    this.#sealed.splice(0, sealed.length);
    await this.#removeJournalsBelow(header.generation, sealed);
  }

  async #rewrite(item: Extract<Item, { kind: 'rewrite' }>): Promise<void> {
    try {
      if (this.#broken) throw this.#broken;
      await this.#compaction;
      await this.#seal();
      const records = item.records();
      const header: StateHeader = {
        ...this.#snapshot,
        ...item.base,
        ...item.counters,
        format: STATE_FORMAT,
        generation: this.#current.generation,
        records: records.length,
      };
      await writeSnapshot(this.#options.path, header, { records: [records] });
      const dropped = this.#sealed.splice(0);
      this.#snapshot = header;
      await this.#removeJournalsBelow(header.generation, dropped);
      item.resolve();
    } catch (error) {
      // The store has already been reset in memory and the disk does not say so: take no more changes.
      this.#broken ??= new StorageError(
        `the reset could not be saved (${(error as Error).message}); ` +
          'the state file takes no more changes until the mock restarts',
      );
      item.reject(this.#broken);
    }
  }

  async #removeJournalsBelow(generation: number, journals: { generation: number }[]): Promise<void> {
    const stale = journals.filter((journal) => journal.generation < generation);
    await Promise.all(stale.map((journal) => rm(journalPath(this.#options.path, journal.generation), { force: true })));
    if (stale.length) await syncDirectory(this.#options.path);
  }
}
