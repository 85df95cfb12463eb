// `serve --replay FILE.har`: the recording read from disk here, in the Node adapter (the core reads no
// files), and handed to the store as its `replay` option, which checks it whole (src/core/replay/check-recording.ts).
import { readFile } from 'node:fs/promises';
import { RecordingError } from '../core/replay/check-recording.ts';

/** The HAR document in `path`, parsed; a RecordingError naming the file when it cannot be read or is not JSON. */
export async function readReplayFile(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    const why = error.code === 'ENOENT' ? 'no such file' : `it cannot be read (${error.message})`;
    throw new RecordingError([why], 1, path, 'Pass a .har file, e.g. one written by petstore-kit proxy --record.');
  });
  try {
    // Without the byte-order mark some editors put first: it is not JSON.
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    const why = `it is not JSON (${(error as Error).message.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 200)})`;
    throw new RecordingError([why], 1, path, 'Pass a .har file: HAR is JSON.');
  }
}
