// The product's own source files (what ships, compiled, in the package), without tests and generated code.
import { readdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

const FOLDERS = ['src', 'mocks', 'contract-tests', 'integrations', 'cli'];

export async function productFiles(): Promise<string[]> {
  const lists = await Promise.all(
    FOLDERS.map((dir) => readdir(join(ROOT, dir), { withFileTypes: true, recursive: true })),
  );
  return lists
    .flat()
    .filter((entry) => entry.isFile() && /\.(ts|mts|js|mjs|cjs)$/.test(entry.name))
    .filter((entry) => !/\.test\.ts$|\.gen\.ts$|\.d\.ts$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();
}
