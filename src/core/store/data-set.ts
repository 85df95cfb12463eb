// Your pets, as the store holds them: each entry checked against the interface's own schemas (NewPet, or Pet
// when it carries an id), with every problem named by entry and field; ids of your choosing kept, the missing
// ones assigned; the omitted status given the interface's default, as a created pet is. One resolver for
// `createPetStore({ pets })`, `store.seed(pets)` and `serve --data` (src/node/data-file.ts).
import type { NewPet, Pet, PetStatus } from '../api-types.ts';
import { document } from '../../openapi/document.gen.ts';
import type { JsonSchema } from '../../openapi/openapi-document.ts';
import { listFirst, MAX_CHECKED_ISSUES } from '../../openapi/capped-issues.ts';
import { KitError } from '../../shared/kit-error.ts';
import { bodyDefaults } from '../validation/body-defaults.ts';
import { precompiledCompiler as compiler } from '../validation/precompiled-compiler.ts';
import { fieldIssues } from './snapshot.ts';
import { petOf } from './stored-pet.ts';

/**
 * One of your pets: the interface's NewPet, with an `id` if you choose one (then it is a Pet). `status` also
 * takes a plain string, so pets imported from a JSON file type-check; its value is checked when loaded.
 */
export type YourPet = Omit<NewPet, 'status'> & { id?: number; status?: PetStatus | (string & {}) };
export type YourPets = readonly YourPet[];

/** The fields of a pet, as the interface names them; anything else in an entry is a mistake worth naming. */
const FIELDS = new Set(['id', 'name', 'categoryId', 'status']);
const NEW_PET: JsonSchema = { $ref: '#/components/schemas/NewPet' };
const PET: JsonSchema = { $ref: '#/components/schemas/Pet' };

/** One thing wrong with one entry; `entry` counts from 0, as `pets[3]` does. */
export interface DataIssue {
  entry: number;
  message: string;
}

/**
 * Pets that cannot be loaded; `issues` names each problem by its entry, the first MAX_CHECKED_ISSUES of them
 * (`stopped`: checking stopped there).
 */
export class DataSetError extends KitError {
  readonly stopped: boolean;

  constructor(readonly issues: DataIssue[]) {
    const stopped = issues.length >= MAX_CHECKED_ISSUES;
    super(
      'load your pets',
      describeIssues(issues, (entry) => `pets[${entry}]`, stopped).join('; '),
      'Fix those entries.',
    );
    this.stopped = stopped;
  }
}

/**
 * Each issue as `<name of its entry>: <message>`: a file of a thousand bad entries needs the first few, so the
 * rest are counted, not listed (capped-issues.ts).
 */
export function describeIssues(issues: DataIssue[], name: (entry: number) => string, stopped = false): string[] {
  return listFirst(issues, ({ entry, message }) => `${name(entry)}: ${message}`, stopped);
}

let statusDefault: PetStatus | undefined | null = null;
/** The status a created pet gets when it names none: the interface's default (our overlay: available). */
function defaultStatus(): PetStatus | undefined {
  if (statusDefault === null) {
    const found = bodyDefaults(document, NEW_PET).find(([name]) => name === 'status');
    statusDefault = found?.[1] as PetStatus | undefined;
  }
  return statusDefault;
}

/**
 * Your pets, checked and completed, in ascending id order. Entries without an id get the ids after the
 * highest one given (from 1 when none is), in the order they come. Throws a DataSetError naming the problems.
 */
export function resolvePets(entries: unknown): Pet[] {
  if (!Array.isArray(entries)) {
    const what = entries === null ? 'null' : typeof entries;
    throw new KitError(
      'load your pets',
      `expected an array of pets, got ${what}`,
      'Pass e.g. [{ "name": "Rex", "categoryId": 1 }].',
    );
  }
  const issues: DataIssue[] = [];
  const takenBy = new Map<number, number>();
  let highest = 0;
  // Up to MAX_CHECKED_ISSUES problems, then no further: a megabyte of bad entries is answered as soon as a few.
  for (let index = 0; index < entries.length && issues.length < MAX_CHECKED_ISSUES; index++) {
    const entry: unknown = entries[index];
    const found = issuesOf(entry);
    for (const message of found) issues.push({ entry: index, message });
    if (found.length > 0) continue;
    const id = (entry as Partial<Pet>).id;
    if (id === undefined) continue;
    const first = takenBy.get(id);
    if (first !== undefined) issues.push({ entry: index, message: `id ${id} is also the id of entry ${first}` });
    else takenBy.set(id, index);
    if (id > highest) highest = id;
  }
  if (issues.length > 0) throw new DataSetError(issues);
  let next = highest + 1;
  const status = defaultStatus();
  const pets = (entries as (NewPet & { id?: number })[]).map((entry) =>
    petOf(entry.id ?? next++, entry.name, entry.categoryId, entry.status ?? status),
  );
  return pets.sort((a, b) => a.id - b.id);
}

/** The problems of one entry (up to MAX_CHECKED_ISSUES), each naming its field. */
function issuesOf(entry: unknown): string[] {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return [`is not an object: a pet is { "name", "categoryId", "status"?, "id"? }`];
  const found: string[] = [];
  for (const key of Object.keys(entry)) {
    if (found.length === MAX_CHECKED_ISSUES) break;
    if (!FIELDS.has(key)) found.push(`field '${key}' is not a field of a pet (id, name, categoryId, status)`);
  }
  const validate = compiler.compile('id' in entry ? PET : NEW_PET);
  if (!validate(entry)) found.push(...fieldIssues(validate.errors));
  const id = (entry as { id?: unknown }).id;
  if (found.length === 0 && id !== undefined && !Number.isSafeInteger(id))
    found.push(`field 'id' must be at most 2^53 − 1 (${Number.MAX_SAFE_INTEGER}): the mock keeps ids as numbers`);
  return found;
}
