// `--record FILE.har`: every exchange written as it is judged, one HAR entry at a time, so a recording of
// hours is never held in memory; the log is closed on exit (until then the file is a HAR missing its
// closing brackets). Writes go through one stream in order; if the disk falls behind by more than
// MAX_BEHIND, entries are written without their bodies (and say so) until it catches up, so a slow disk
// cannot make the proxy's memory grow.
import { createWriteStream, type WriteStream } from 'node:fs';
import { harLogFrame, type HarEntry } from '../shared/har.ts';

const MAX_BEHIND = 64 * 1024 * 1024;

export interface HarRecorder {
  write(entry: HarEntry): void;
  /** Closes the log and the file. */
  close(): Promise<void>;
}

export async function openHarRecorder(path: string, creator: { name: string; version: string }): Promise<HarRecorder> {
  const frame = harLogFrame(
    creator,
    'Recorded by petstore-kit proxy: every credential redacted; bodies up to the judging cap.',
  );
  const stream: WriteStream = createWriteStream(path);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  stream.on('error', () => undefined); // reported by close()
  stream.write(frame.prefix);
  let first = true;
  let closed: Promise<void> | undefined;
  return {
    write(entry) {
      if (closed) return;
      const behind = stream.writableLength > MAX_BEHIND;
      const kept = behind ? withoutBodies(entry) : entry;
      stream.write(`${first ? '' : ',\n'}${JSON.stringify(kept)}`);
      first = false;
    },
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        stream.end(frame.suffix, () => resolve());
      });
      return closed;
    },
  };
}

function withoutBodies(entry: HarEntry): HarEntry {
  const comment = 'body left out: the disk fell behind the traffic';
  const { postData: _postData, ...request } = entry.request;
  return {
    ...entry,
    request,
    response: {
      ...entry.response,
      content: { size: entry.response.content.size, mimeType: entry.response.content.mimeType, comment },
    },
  };
}
