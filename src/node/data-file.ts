// `serve --data FILE`: your pets from a JSON or YAML file, a plain array (or a saved state's `pets`), checked
// by the core's resolver (src/core/store/data-set.ts) and named by the SHA-256 of the pets it gives, so a state
// file knows which pets its changes were made on. The file is only ever read.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { Pet } from '../core/index.ts';
import { petJson } from '../core/persistence.ts';
import { DataSetError, describeIssues, resolvePets, type YourPets } from '../core/store/data-set.ts';
import { clipText } from '../openapi/capped-issues.ts';
import { JsonTooDeepError, parseJsonExact } from '../shared/exact-json.ts';
import { jsonLimitPassed, MAX_INPUT_DEPTH, nestsDeeperThan } from '../shared/input-limits.ts';
import { KitError } from '../shared/kit-error.ts';
import type { DataIdentity } from './state/snapshot-file.ts';

/** Your pets, resolved (ids assigned, in id order), and how a state file names them. */
export interface DataSet {
  pets: Pet[];
  identity: DataIdentity;
}

/**
 * A data file that cannot be used; `problems` holds one line per problem, each starting with the file's path: the
 * first ones, then `and N more` (capped-issues.ts); `total` counts the problems found.
 */
export class DataFileError extends KitError {
  constructor(
    readonly path: string,
    readonly problems: string[],
    readonly total = problems.length,
  ) {
    const [first] = problems.map((problem) => problem.slice(path.length + 2));
    const why = total === 1 ? first! : `${total} problems\n  ${problems.join('\n  ')}\n`;
    super(`load your pets from ${path}`, why, 'Fix the file: the mock only ever reads it.');
  }
}

/** Reads, parses and checks a data file; throws a DataFileError naming each entry and field at fault. */
export async function readDataFile(path: string): Promise<DataSet> {
  let text: string;
  try {
    // Without the byte-order mark some editors put first: it is not JSON, and not a pet.
    text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new DataFileError(path, [`${path}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${message})`}`]);
  }
  const yaml = /^\.ya?ml$/i.test(extname(path));
  const passed = yaml ? undefined : jsonLimitPassed(text);
  if (passed) throw new DataFileError(path, [`${path}: it ${passed}`]);
  let value: unknown;
  try {
    value = yaml ? await yamlValue(text) : parseJsonExact(text);
  } catch (error) {
    // Past the limit (a YAML parser out of stack says so in a YAMLParseError, far deeper), or not the format.
    const tooDeep = error instanceof JsonTooDeepError || /call stack/i.test((error as Error).message);
    const reason = (error as Error).message.split('\n')[0]!.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
    const why = tooDeep
      ? `it nests deeper than ${MAX_INPUT_DEPTH} levels of arrays and objects`
      : `not valid ${yaml ? 'YAML' : 'JSON'} (${clipText(reason)})`;
    throw new DataFileError(path, [`${path}: ${why}`]);
  }
  const entries = petsIn(value);
  if (!entries) {
    const what = value === null ? 'null' : typeof value;
    throw new DataFileError(path, [
      `${path}: expected an array of pets, e.g. [{ "name": "Rex", "categoryId": 1 }], got ${what}`,
    ]);
  }
  try {
    return dataSetOf(entries, path);
  } catch (error) {
    if (!(error instanceof DataSetError)) throw error;
    const problems = describeIssues(error.issues, (entry) => `${path}: entry ${entry}`, error.stopped);
    throw new DataFileError(path, problems, error.issues.length);
  }
}

/** Your pets given in code (`serve({ pets: [...] })`) or read from `from`, resolved and named. */
export function dataSetOf(entries: YourPets | unknown[], from?: string): DataSet {
  const pets = resolvePets(entries);
  const sha256 = createHash('sha256')
    .update(`[${pets.map(petJson).join(',')}]`)
    .digest('hex');
  return { pets, identity: from === undefined ? { sha256, pets: pets.length } : { sha256, pets: pets.length, from } };
}

/** A plain array, or the `pets` of a saved state (`GET /__admin/state`, a petstore-kit/state@1 file). */
function petsIn(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  const pets = (value as { pets?: unknown } | null)?.pets;
  return Array.isArray(pets) ? pets : undefined;
}

/** A YAML document's value, refused past MAX_INPUT_DEPTH before anything walks it (JSON is measured as text). */
async function yamlValue(text: string): Promise<unknown> {
  const { parse } = await import('yaml'); // loaded for a YAML file only (see load-document.ts)
  const value: unknown = parse(text, { intAsBigInt: true });
  if (nestsDeeperThan(value)) throw new JsonTooDeepError(MAX_INPUT_DEPTH);
  return exactIntegers(value);
}

/** YAML integers arrive as bigints (none loses a digit): those a number holds exactly become numbers, as in JSON. */
function exactIntegers(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  if (Array.isArray(value)) return value.map(exactIntegers);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, exactIntegers(inner)]));
  return value;
}
