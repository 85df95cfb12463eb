// `serve --replay FILE.har`: the recording read from disk here, in the Node adapter (the core reads no
// files), and handed to the store as its `replay` option, which checks its shape.
import { readFile } from 'node:fs/promises';
import { KitError } from '../shared/kit-error.ts';

/** The HAR document in `path`, parsed; a KitError naming the file when it cannot be read or is not JSON. */
export async function readReplayFile(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8').catch((error: Error) => {
    throw new KitError(
      `read the recording ${path}`,
      error.message,
      'Pass a .har file, e.g. one written by petstore-kit proxy --record.',
    );
  });
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new KitError(
      `read the recording ${path}`,
      `it is not JSON (${(error as Error).message})`,
      'Pass a .har file: HAR is JSON.',
    );
  }
}
