// Flag values that name something outside the process: a URL, a file to read, a file to write, checks by name
// (the addresses to listen on and to answer are host-flags.ts'). Each is checked before the command starts, so a wrong one is a usage error (exit 2,
// one line naming the flag and the fix), never a failure seen later (exit 1, which CI reads as "a failure was
// seen") nor a report lost at the end of a long run. One check per kind of value, shared by every command.
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from './usage-error.ts';

/** The longest a Node timer can wait, in whole seconds (2^31 - 1 ms): past it, Node fires the timer at once. */
export const MAX_TIMER_SECONDS = 2_147_483;

/** A flag's value, checked when it was given: `ifGiven(values.spec, (path) => readableFileFlag('spec', path))`. */
export function ifGiven<T>(value: string | undefined, check: (value: string) => T): T | undefined {
  return value === undefined ? undefined : check(value);
}

/** An absolute http(s) URL: `--target`, `--base-url` and the like. `example` is shown as the fix. */
export function httpUrlFlag(flag: string, text: string, example: string): string {
  if (!URL.canParse(text))
    throw new UsageError(`--${flag}: "${text}" is not an absolute URL; pass the whole URL, e.g. ${example}`);
  const { protocol, hostname } = new URL(text);
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new UsageError(`--${flag}: "${text}" is not an http(s) URL; pass e.g. ${example}`);
  if (!hostname) throw new UsageError(`--${flag}: "${text}" names no host; pass e.g. ${example}`);
  return text;
}

/** A file the command reads (`--spec`, `--overlay`, `--data`, `--replay`): it exists, is a file and is readable. */
export function readableFileFlag(flag: string, path: string): string {
  const problem = fileProblem(path);
  if (problem) throw new UsageError(`--${flag} ${path}: ${problem}; pass a readable file`);
  return path;
}

/**
 * A file the command writes (`--output`, `--record`, `--state-file`): its folder exists and may be written to,
 * and the path is not a folder. Checked at start: a CI job must not run for minutes to lose its report.
 */
export function writableFileFlag(flag: string, path: string): string {
  const folder = dirname(resolve(path));
  const problem =
    kindOf(path) === 'folder'
      ? 'is a folder'
      : kindOf(folder) !== 'folder'
        ? `its folder ${folder} does not exist`
        : !can(folder, constants.W_OK)
          ? `its folder ${folder} may not be written to`
          : kindOf(path) === 'file' && !can(path, constants.W_OK)
            ? 'may not be written to'
            : undefined;
  if (problem) throw new UsageError(`--${flag} ${path}: ${problem}; pass a file path in a folder you can write to`);
  return path;
}

function fileProblem(path: string): string | undefined {
  const kind = kindOf(path);
  if (kind === 'missing') return 'no such file';
  if (kind === 'folder') return 'is a folder';
  return can(path, constants.R_OK) ? undefined : 'may not be read';
}

function kindOf(path: string): 'file' | 'folder' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'missing';
  }
}

function can(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}
