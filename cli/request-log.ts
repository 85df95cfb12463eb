// `--log`: one readable line per answered request, from the request journal's entry. Colour only on
// a terminal, and never when NO_COLOR is set (https://no-color.org).
import type { JournalSummary } from '../src/core/index.ts';

const COLOURS = { 2: '\x1b[32m', 3: '\x1b[36m', 4: '\x1b[33m', 5: '\x1b[31m' } as Record<string, string>;
const DIM = '\x1b[2m';
const RESET = '\x1b[0m';

export function useColour(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && !env.NO_COLOR;
}

/** e.g. `12:00:01.234 GET /v1/pets?limit=3 200 listPets 0.4 ms  [prefer code=503]` */
export function formatLogLine(entry: JournalSummary, colour: boolean): string {
  const paint = (code: string | undefined, text: string) => (colour && code ? `${code}${text}${RESET}` : text);
  const target = entry.query ? `${entry.path}?${entry.query}` : entry.path;
  const parts = [
    paint(DIM, entry.time.slice(11, 23)),
    entry.method,
    target,
    paint(COLOURS[String(entry.status)[0]], String(entry.status)),
    entry.operation ?? '-',
    `${entry.durationMs} ms`,
  ];
  if (entry.error) parts.push(entry.error);
  if (entry.issues?.length) parts.push(`(${entry.issues.map((issue) => issue.message).join('; ')})`);
  // A fault on the wire (a dropped connection, a cut body) is said: the status alone would be the one never sent.
  const shaping = [...(entry.shapedBy ?? []), ...(entry.transport ? [entry.transport] : [])];
  if (shaping.length) parts.push(paint('\x1b[35m', `[${shaping.join(', ')}]`));
  return `${parts.join(' ')}\n`;
}
