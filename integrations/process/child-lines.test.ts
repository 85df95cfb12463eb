import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { expect, it } from 'vitest';
import { eachLine } from './child-lines.ts';

it('gives each line of both streams once, split anywhere, the last one without its newline at the end', async () => {
  const out = new PassThrough();
  const err = new PassThrough();
  const lines: string[] = [];
  eachLine([out, err], (line) => lines.push(line));
  for (const chunk of ['one\ntw', 'o\n', '\nthr', 'ee']) out.write(chunk);
  err.write('listening on http://127.0.0.1:4011\n');
  out.end();
  err.end();
  await Promise.all([finished(out), finished(err)]);
  expect(lines.sort()).toEqual(['', 'listening on http://127.0.0.1:4011', 'one', 'three', 'two']);
});
