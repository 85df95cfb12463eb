// Each line a child process (Prism, Dredd) writes, as it comes. Both streams are always drained: an unread pipe
// blocks the child once its buffer fills. A newline is looked for in each new chunk only, so a child that
// writes one long line costs time linear in it; the last line, without its newline, is given at the end.
import type { Readable } from 'node:stream';

export function eachLine(streams: readonly Readable[], onLine: (line: string) => void): void {
  for (const stream of streams) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      let from = 0;
      for (let at = chunk.indexOf('\n'); at !== -1; at = chunk.indexOf('\n', from)) {
        onLine(pending + chunk.slice(from, at));
        pending = '';
        from = at + 1;
      }
      pending += chunk.slice(from);
    });
    stream.on('end', () => {
      if (pending) onLine(pending);
      pending = '';
    });
  }
}
