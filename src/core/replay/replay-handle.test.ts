// Which recorded answer a request gets: by default the latest one the service gave on its own (not forced by
// Prefer, a rule or a fault, not a 5xx); with order "recorded" each in turn, as recorded, the last repeating.
import { describe, expect, it } from 'vitest';
import type { CoreRequest } from '../core-request.ts';
import { createReplayer } from './replay-handle.ts';

const LIST = 'http://staging.example/v1/pets?limit=2&status=sold';
const entry = (body: string, status = 200, extra: Record<string, unknown> = {}, url = LIST) => ({
  request: { method: 'GET', url, headers: [] },
  response: {
    status,
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    content: { size: body.length, mimeType: 'application/json', text: body },
  },
  ...extra,
});
/** A morning's list read: a forced 503, the real list, a forced empty list, the list again, a gateway's 502. */
const SESSION = {
  log: {
    entries: [
      entry('{"code":"INJECTED_FAULT"}', 503, { _shapedBy: ['fault f1'] }),
      entry('[{"id":1}]'),
      entry('[]', 200, { _shapedBy: ['prefer example=empty'] }),
      entry('[{"id":1},{"id":2}]'),
      entry('bad gateway', 502),
      entry('[]', 200, { _shapedBy: ['rule r1'] }, 'http://staging.example/v1/pets?limit=9'),
    ],
  },
};
// The same request, its query in another order.
const list: CoreRequest = { method: 'GET', url: '/v1/pets?status=sold&limit=2', headers: {} };
const bodies = (answer: (request: CoreRequest) => { body: string | null } | undefined, times: number) =>
  Array.from({ length: times }, () => answer(list)?.body);

describe('replay order "latest" (the default)', () => {
  it('answers every time with the latest answer that was neither forced nor a 5xx', () => {
    const replayer = createReplayer(SESSION)!;
    expect(bodies(replayer.answer, 3)).toEqual(Array(3).fill('[{"id":1},{"id":2}]'));
    expect(replayer.answer(list)?.shaping).toEqual({ by: ['replay #4'] });
  });

  it('leaves a request recorded only with forced answers to the stateful mock', () => {
    const replayer = createReplayer({ har: SESSION, order: 'latest' })!;
    expect(replayer.answer({ method: 'GET', url: '/v1/pets?limit=9', headers: {} })).toBeUndefined();
  });
});

describe('replay order "recorded"', () => {
  it('answers in the order recorded, forced answers included, the last repeating until rewound', () => {
    const replayer = createReplayer({ har: SESSION, order: 'recorded' })!;
    const inOrder = ['{"code":"INJECTED_FAULT"}', '[{"id":1}]', '[]', '[{"id":1},{"id":2}]', 'bad gateway'];
    expect(bodies(replayer.answer, 6)).toEqual([...inOrder, 'bad gateway']);
    replayer.rewind();
    expect(bodies(replayer.answer, 1)).toEqual([inOrder[0]]);
  });
});

describe('the replay option', () => {
  it('matches a JSON body by value, whatever its key order and spacing', () => {
    const post = {
      request: {
        method: 'POST',
        url: 'http://x/v1/pets',
        postData: { mimeType: 'application/json', text: '{"a":1,"b":[2]}' },
      },
      response: { status: 201, headers: [], content: { size: 2, mimeType: 'application/json', text: '{}' } },
    };
    const replayer = createReplayer({ log: { entries: [post] } })!;
    const request = (body: string) => ({ method: 'POST', url: '/v1/pets', headers: {}, body });
    expect(replayer.answer(request('{ "b": [2], "a": 1 }'))?.status).toBe(201);
    expect(replayer.answer(request('{"a":1,"b":[3]}'))).toBeUndefined();
    // A body nested deeper than the stack reaches is compared as text, never a crash.
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(replayer.answer(request(deep))).toBeUndefined();
  });

  it('refuses an order it does not know, naming both', () => {
    expect(() => createReplayer({ har: SESSION, order: 'newest' })).toThrow(
      'replay.order must be "latest" or "recorded", got "newest"',
    );
  });

  it('is none without a recording', () => {
    expect(createReplayer(undefined)).toBeUndefined();
  });
});
