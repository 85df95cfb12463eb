// The configuration file (docs/config.md): `petstore-kit.config.yaml` (or `.yml`, `.json`) in the working
// directory, or `--config FILE`, with a section per command whose keys are the keys of the command's flag table
// (camelCase: `baseUrl` is `--base-url`). A value is checked by its flag's own check, so the file accepts what
// the flag accepts; every mistake is a UsageError (exit 2) naming the file, the line and the key:
//   petstore-kit.config.yaml:7: verify.timeout: expected an integer from 1 to 3600000, got "abc"
// JSON is read by the same YAML parser (JSON is YAML), so both have line numbers.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Node, Pair } from 'yaml';
import type { Flag, FlagTable } from './flag-table.ts';
import { UsageError } from './usage-error.ts';

/**
 * The YAML parser, loaded when a configuration file is read rather than when the CLI starts (see
 * src/openapi/load-document.ts); required, because this reading is synchronous.
 */
const yaml = () => (loadedYaml ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));
let loadedYaml: typeof import('yaml') | undefined;

export const CONFIG_FILE_NAMES = ['petstore-kit.config.yaml', 'petstore-kit.config.yml', 'petstore-kit.config.json'];
export const CONFIG_SECTIONS = ['serve', 'verify', 'proxy', 'rehearse', 'coverage'] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

/** The configuration file in `cwd` (only there: a file in a parent folder is never picked up unseen), if any. */
export function findConfigFile(cwd: string): string | undefined {
  const found = CONFIG_FILE_NAMES.filter((name) => existsSync(join(cwd, name)));
  if (found.length > 1)
    throw new UsageError(`${found.join(' and ')}: two configuration files; keep one, or pass --config FILE`);
  return found[0] === undefined ? undefined : join(cwd, found[0]);
}

/**
 * `section` of the configuration file at `path`, as flag values by flag name (strings, booleans, lists of
 * strings), each checked by its flag's check; `${VAR}` in a string is the environment variable VAR.
 */
export function loadConfigSection(
  path: string,
  table: FlagTable,
  section: ConfigSection,
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): Record<string, string | boolean | string[]> {
  // Named as the user would: relative to the working directory when inside it.
  const shown = isAbsolute(path) && !relative(cwd, path).startsWith('..') ? relative(cwd, path) : path;
  const text = readFileSync(path, 'utf8');
  const { LineCounter, parseDocument, isMap, isScalar } = yaml();
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  const at = (node: Node | null | undefined) => (node?.range ? lines.linePos(node.range[0]).line : 1);
  const fail = (line: number, what: string) => new UsageError(`${shown}:${line}: ${what}`);
  const [problem] = document.errors;
  if (problem) throw fail(problem.linePos?.[0].line ?? 1, problem.message.split(' at line')[0]);
  const root = document.contents;
  if (root === null) return {};
  if (!isMap(root)) throw fail(at(root), `expected sections ${CONFIG_SECTIONS.join(', ')}`);
  let own: Pair | undefined;
  for (const pair of root.items) {
    const name = keyOf(pair);
    if (name === '$schema') continue;
    if (!CONFIG_SECTIONS.includes(name as ConfigSection))
      throw fail(at(pair.key as Node), `${name}: unknown section${didYouMean(name, CONFIG_SECTIONS)}`);
    if (name === section && own) throw fail(at(pair.key as Node), `${name}: given twice`);
    if (name === section) own = pair;
  }
  if (!own || own.value === null || (isScalar(own.value) && own.value.value === null)) return {};
  if (!isMap(own.value))
    throw fail(at(own.value as Node), `${section}: expected keys such as ${Object.keys(table).slice(0, 3).join(', ')}`);
  const folder = dirname(resolve(path));
  const values: Record<string, string | boolean | string[]> = {};
  for (const pair of own.value.items) {
    const key = keyOf(pair);
    const flag = table[key];
    const where = `${section}.${key}`;
    if (flag && Object.hasOwn(values, flag.name)) throw fail(at(pair.key as Node), `${where}: given twice`);
    if (!flag || !Object.hasOwn(table, key)) {
      const byFlagName = Object.keys(table).find((other) => table[other].name === key);
      const hint = byFlagName ? `; did you mean ${byFlagName}?` : didYouMean(key, Object.keys(table));
      throw fail(at(pair.key as Node), `${where}: unknown key${hint}`);
    }
    const node = pair.value as Node | null;
    try {
      values[flag.name] = valueOf(flag, node, (text) => interpolate(text, env), folder);
    } catch (error) {
      if (!(error instanceof ValueProblem || error instanceof UsageError)) throw error;
      throw fail(
        error instanceof ValueProblem ? at(error.node ?? node) : at(node),
        `${where}: ${withoutFlag(error.message, flag)}`,
      );
    }
  }
  return values;
}

/** A value of the wrong shape, at the node that has it. */
class ValueProblem extends Error {
  constructor(
    message: string,
    readonly node?: Node | null,
  ) {
    super(message);
  }
}

function valueOf(
  flag: Flag,
  node: Node | null,
  expand: (text: string) => string,
  folder: string,
): string | boolean | string[] {
  const { isScalar, isSeq } = yaml();
  /** The flag's own check, its message placed at `node`. */
  const checked = (value: string, node: Node | null): string => {
    try {
      flag.check?.(value);
    } catch (error) {
      if (error instanceof UsageError) throw new ValueProblem(error.message, node);
      throw error;
    }
    return value;
  };
  const expanded = (text: string, node: Node | null): string => {
    try {
      return expand(text);
    } catch (error) {
      throw new ValueProblem((error as Error).message, node);
    }
  };
  /** One value as the flag's text: a scalar, or an object written as JSON for a JSON flag. */
  const text = (item: Node | null): string => {
    if (flag.json && item && !isScalar(item))
      return JSON.stringify(expandDeep(item.toJSON(), (t) => expanded(t, item)));
    if (!isScalar(item) || item.value === null || typeof item.value === 'object')
      throw new ValueProblem(`expected ${flag.json ? 'an object' : 'a single value'}`, item);
    if (typeof item.value === 'boolean')
      throw new ValueProblem(`expected a value such as ${flag.value ?? 'TEXT'}, got ${item.value}`, item);
    const value = typeof item.value === 'string' ? expanded(item.value, item) : String(item.value);
    return flag.path && value && !isAbsolute(value) ? resolve(folder, value) : value;
  };
  const one = (item: Node | null) => checked(text(item), item);
  if (flag.type === 'boolean') {
    if (!isScalar(node) || typeof node.value !== 'boolean')
      throw new ValueProblem(
        `expected true or false${isScalar(node) ? `, got ${JSON.stringify(node.value)}` : ''}`,
        node,
      );
    return node.value;
  }
  // A comma-separated flag takes a YAML list as well: `checks: [a, b]` is `--checks a,b`.
  if (flag.list && isSeq(node)) return checked(node.items.map((item) => text(item as Node | null)).join(','), node);
  if (!flag.multiple) return one(node);
  return isSeq(node) ? node.items.map((item) => one(item as Node | null)) : [one(node)];
}

/** `${VAR}` is VAR's value (an error naming it when unset), `${VAR:-default}` its value or the default. */
export function interpolate(text: string, env: Record<string, string | undefined>): string {
  let out = '';
  let from = 0;
  for (let start = text.indexOf('${'); start !== -1; start = text.indexOf('${', from)) {
    const end = text.indexOf('}', start);
    if (end === -1) throw new Error(`"\${" without its closing "}"`);
    const inside = text.slice(start + 2, end);
    const split = inside.indexOf(':-');
    const name = split === -1 ? inside : inside.slice(0, split);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
      throw new Error(`"\${${inside}}" does not name an environment variable`);
    const value = env[name] || (split === -1 ? undefined : inside.slice(split + 2));
    if (value === undefined) throw new Error(`the environment variable ${name} is not set (\${${name}})`);
    out += text.slice(from, start) + value;
    from = end + 1;
  }
  return out + text.slice(from);
}

function expandDeep(value: unknown, expand: (text: string) => string): unknown {
  if (typeof value === 'string') return expand(value);
  if (Array.isArray(value)) return value.map((item) => expandDeep(item, expand));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expandDeep(item, expand)]));
  return value;
}

function keyOf(pair: Pair): string {
  return yaml().isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}

/** A flag's message without its own `--flag: ` (the key names it): `--port: expected …` → `expected …`. */
function withoutFlag(message: string, flag: Flag): string {
  for (const prefix of [`--${flag.name}: `, `--${flag.name} `])
    if (message.startsWith(prefix)) return message.slice(prefix.length);
  return message;
}

/** `; did you mean timeout?` when one known name is at most two edits away, else nothing. */
export function didYouMean(name: string, known: readonly string[]): string {
  const lower = name.toLowerCase();
  const close = known.find(
    (candidate) => candidate.toLowerCase() === lower || editDistance(lower, candidate.toLowerCase()) <= 2,
  );
  return close ? `; did you mean ${close}?` : '';
}

/** Levenshtein distance, for short names only (keys of a config file): O(a × b). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2 || a.length > 64 || b.length > 64) return Infinity;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}
