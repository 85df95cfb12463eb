// What survives power loss, not only a killed process: a new or renamed file is durable only once its
// directory entry is, so the directory is fsynced after every create and rename.
import { open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function syncDirectory(path: string): Promise<void> {
  const directory = await open(dirname(path), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

/** Renames `from` over `to` (atomic on POSIX) and makes the rename durable. */
export async function renameDurably(from: string, to: string): Promise<void> {
  await rename(from, to);
  await syncDirectory(to);
}
