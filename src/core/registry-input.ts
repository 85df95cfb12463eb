// What the fault and rule registries share (src/core/faults, src/core/rules): the error for an input their schema
// refuses, the admin routes that add, list and remove their entries, and adding one given in code with the kit's
// message. The two registries differ in what an entry is and when it applies, never in how it is given.
import { clippedJson, issueSummary } from '../openapi/capped-issues.ts';
import type { Issue } from '../openapi/issue.ts';
import { KitError } from '../shared/kit-error.ts';

export class RegistryInputError extends Error {
  /** `stopped`: checking stopped before the end of the input (capped-issues.ts), so `issues` are the first ones. */
  constructor(
    what: 'fault' | 'rule',
    readonly issues: Issue[],
    stopped = false,
  ) {
    super(`Invalid ${what}: ${issueSummary(issues, stopped)}`);
  }
}

/** The part of a registry its admin routes and callers in code use. */
export interface EntryRegistry<Entry> {
  /** Validates and adds an entry; throws RegistryInputError with its issues when the input is invalid. */
  add(input: unknown): Entry;
  list(): Entry[];
  remove(id: string): boolean;
  clear(): void;
  readonly size: number;
}

/** Adds an entry given in code (createPetStore's options, `store.rules`); an invalid one is a KitError naming why. */
export function addGivenInCode<Entry>(registry: EntryRegistry<Entry>, input: unknown, action: string): Entry {
  try {
    return registry.add(input);
  } catch (error) {
    if (!(error instanceof RegistryInputError)) throw error;
    const why = `${clippedJson(input)} is invalid: ${error.message}`;
    throw new KitError(action, why, 'See docs/frontend-states.md for the fields.');
  }
}

/** What every registry entry counts: the requests it applied to, and what is left of its `times`. */
interface CountedEntry {
  id: string;
  hits: number;
  times?: number;
  remaining?: number;
}

/**
 * A registry's entries in the order added: their ids (`f1`, `r1`…, never reused), the copies handed out, and
 * the first one a request takes, its `times` counted down until it goes.
 */
export class EntryList<Entry extends CountedEntry> {
  private entries: Entry[] = [];
  private nextId = 1;

  constructor(
    private readonly prefix: string,
    private readonly copy: (entry: Entry) => Entry,
  ) {}

  /** Adds the entry `make` builds with its id; returns a copy. */
  add(make: (id: string) => Entry): Entry {
    const entry = make(`${this.prefix}${this.nextId++}`);
    if (entry.times !== undefined) entry.remaining = entry.times;
    this.entries.push(entry);
    return this.copy(entry);
  }

  list(): Entry[] {
    return this.entries.map(this.copy);
  }

  remove(id: string): boolean {
    const before = this.entries.length;
    this.entries = this.entries.filter((entry) => entry.id !== id);
    return this.entries.length !== before;
  }

  clear(): void {
    this.entries = [];
  }

  get size(): number {
    return this.entries.length;
  }

  /** The first entry that `applies` to a request, asked in order: its hit counted, one of its `times` used. */
  take(applies: (entry: Entry) => boolean): Entry | undefined {
    for (const entry of this.entries) {
      if (!applies(entry)) continue;
      entry.hits++;
      if (entry.remaining !== undefined && --entry.remaining === 0)
        this.entries = this.entries.filter((other) => other !== entry);
      return entry;
    }
    return undefined;
  }
}
