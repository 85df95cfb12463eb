// The recording is checked whole at load: each hostile snippet is refused with the entry and field named,
// exactly; an inherited key is never read; a file full of problems gives a short message.
import { describe, expect, it } from 'vitest';
import { MAX_LISTED_ISSUES } from '../../openapi/capped-issues.ts';
import { thrownBy } from '../../../test/support/thrown-by.ts';
import { checkRecording, RecordingError } from './check-recording.ts';

const request = { method: 'GET', url: 'http://staging.example/v1/pets?limit=1', headers: [] };
const response = (fields: Record<string, unknown> = {}) => ({
  status: 200,
  headers: [{ name: 'Content-Type', value: 'application/json' }],
  content: { size: 2, mimeType: 'application/json', text: '[]' },
  ...fields,
});
const entry = (fields: Record<string, unknown> = {}) => ({ request, response: response(), ...fields });
const har = (...entries: unknown[]) => ({ log: { version: '1.2', entries } });
const withHeader = (name: unknown, value: unknown) =>
  har(
    entry(),
    entry({
      response: response({
        headers: [
          { name: 'X-Ok', value: '1' },
          { name, value },
        ],
      }),
    }),
  );

/** The one problem a RecordingError names, checked to be its message's reason too. */
function refusal(document: unknown): string {
  const { problems, total, message } = thrownBy(RecordingError, () => checkRecording(document));
  expect([problems.length, total]).toEqual([1, 1]);
  expect(message).toContain(`[petstore-kit] Failed to load the recording: ${problems[0]}. `);
  return problems[0]!;
}

describe('checkRecording refuses at load, naming the entry and field', () => {
  it.each([
    [
      'a 1xx status',
      har(entry({ response: response({ status: 101 }) })),
      'entries[0].response.status: 101 is outside 200–599',
    ],
    [
      'a 100 status',
      har(entry(), entry(), entry(), entry({ response: response({ status: 100 }) })),
      'entries[3].response.status: 100 is outside 200–599',
    ],
    [
      'a status past 599',
      har(entry({ response: response({ status: 600 }) })),
      'entries[0].response.status: 600 is outside 200–599',
    ],
    [
      'a status as text',
      har(entry({ response: response({ status: '200' }) })),
      'entries[0].response.status: expected an integer, got "200"',
    ],
    [
      'a fractional status',
      har(entry({ response: response({ status: 200.5 }) })),
      'entries[0].response.status: expected an integer, got 200.5',
    ],
    [
      'headers: 5',
      har(entry({ response: response({ headers: 5 }) })),
      'entries[0].response.headers: expected a list of { "name", "value" }, got 5',
    ],
    [
      'a header that is no object',
      har(entry({ response: response({ headers: ['x'] }) })),
      'entries[0].response.headers[0]: expected { "name", "value" }, got "x"',
    ],
    [
      'a CR/LF in a value',
      withHeader('X-Split', 'a\r\nSet-Cookie: x=1'),
      'entries[1].response.headers[1].value: the value of "X-Split" holds U+000D (CR) at offset 1, which HTTP forbids in a header value',
    ],
    [
      'a LF in a value',
      withHeader('X-Split', 'a\nb'),
      'entries[1].response.headers[1].value: the value of "X-Split" holds U+000A (LF) at offset 1, which HTTP forbids in a header value',
    ],
    [
      'a NUL in a value',
      withHeader('X-Nul', '\u0000'),
      'entries[1].response.headers[1].value: the value of "X-Nul" holds U+0000 (NUL) at offset 0, which HTTP forbids in a header value',
    ],
    [
      'a value beyond Latin-1',
      withHeader('X-Snow', 'a☃'),
      'entries[1].response.headers[1].value: the value of "X-Snow" holds U+2603 at offset 1, which HTTP forbids in a header value',
    ],
    ['an empty name', withHeader('', 'x'), 'entries[1].response.headers[1].name: "" is not a header name: it is empty'],
    [
      'a space in a name',
      withHeader('X Y', 'x'),
      `entries[1].response.headers[1].name: "X Y" is not a header name: it holds a space at offset 1 (a token holds only letters, digits and !#$%&'*+-.^_\`|~)`,
    ],
    [
      'a colon in a name',
      withHeader('X:Y', 'x'),
      `entries[1].response.headers[1].name: "X:Y" is not a header name: it holds ":" at offset 1 (a token holds only letters, digits and !#$%&'*+-.^_\`|~)`,
    ],
    [
      'a LF in a name',
      withHeader('X\nY', 'x'),
      `entries[1].response.headers[1].name: "X\\nY" is not a header name: it holds U+000A (LF) at offset 1 (a token holds only letters, digits and !#$%&'*+-.^_\`|~)`,
    ],
    [
      'a value that is a number',
      withHeader('X-N', 5),
      'entries[1].response.headers[1].value: expected a string, got 5',
    ],
    [
      'a name that is missing',
      withHeader(undefined, 'x'),
      'entries[1].response.headers[1].name: expected a string, got nothing',
    ],
    ['no request', har({ response: response() }), 'entries[0].request: expected an object, got nothing'],
    ['a response that is text', har(entry({ response: 'ok' })), 'entries[0].response: expected an object, got "ok"'],
    ['an entry that is a number', har(entry(), 7), 'entries[1]: expected an object, got 7'],
    [
      'a method that is no token',
      har(entry({ request: { ...request, method: 'GE T' } })),
      `entries[0].request.method: "GE T" is not an HTTP method: it holds a space at offset 2 (a token holds only letters, digits and !#$%&'*+-.^_\`|~)`,
    ],
    [
      'a URL that is no URL',
      har(entry({ request: { ...request, url: 'http://[' } })),
      'entries[0].request.url: "http://[" is not a URL',
    ],
    [
      'a body that is no text',
      har(entry({ request: { ...request, postData: { text: 5 } } })),
      'entries[0].request.postData.text: expected a string, got 5',
    ],
    [
      'content text that is no text',
      har(entry({ response: response({ content: { text: {} } }) })),
      'entries[0].response.content.text: expected a string, got an object',
    ],
    [
      'a comment that is no text',
      har(entry({ response: response({ content: { text: '[]', comment: 1 } }) })),
      'entries[0].response.content.comment: expected a string, got 1',
    ],
    [
      'request headers: 5',
      har(entry({ request: { ...request, headers: 5 } })),
      'entries[0].request.headers: expected a list of { "name", "value" }, got 5',
    ],
    [
      'a _shapedBy that is no list',
      har(entry({ _shapedBy: 'rule r1' })),
      'entries[0]._shapedBy: expected a list of strings, got "rule r1"',
    ],
    [
      'no log',
      { entries: [] },
      'log: expected an object ({ "log": { "entries": [...] } }), got nothing: it is not a HAR document',
    ],
    [
      'entries that are no list',
      { log: { entries: {} } },
      'log.entries: expected a list of entries, got an object: it is not a HAR document',
    ],
    [
      'null',
      null,
      'the document: expected an object ({ "log": { "entries": [...] } }), got null: it is not a HAR document',
    ],
    ['no entries', har(), 'log.entries is empty: the recording holds no request to replay'],
    [
      'nothing to replay',
      har(entry({ response: response({ status: 0 }) }), entry({ response: response({ status: -1 }) })),
      'none of its 2 entries holds an answer to replay (status 0 or -1, a body cut, left out or in base64)',
    ],
  ])('%s', (_, document, expected) => {
    expect(refusal(document)).toBe(expected);
  });

  it('names several problems, the first few and how many more, in a message of bounded length', () => {
    const bad = Array.from({ length: 100_000 }, () => entry({ response: response({ status: 102 }) }));
    const error = thrownBy(RecordingError, () => checkRecording(har(...bad)));
    expect(error.total).toBe(100_000);
    expect(error.problems).toHaveLength(MAX_LISTED_ISSUES);
    expect(error.message).toContain('100000 problems: entries[0].response.status: 102 is outside 200–599; entries[1]');
    expect(error.message).toContain(`and ${100_000 - MAX_LISTED_ISSUES} more`);
    expect(error.message.length).toBeLessThan(2_000);
  });

  it('quotes at most the start of a long value', () => {
    const message = refusal(withHeader(`${'x'.repeat(1_000_000)} `, 'v'));
    expect(message.length).toBeLessThan(300);
    expect(message).toContain(`"${'x'.repeat(40)}"…`);
  });
});

describe('checkRecording reads only own keys', () => {
  it('keeps a header named constructor, __proto__ or toString as the header it is (names in lower case)', () => {
    const headers = ['constructor', '__proto__', 'toString', 'hasOwnProperty'].map((name) => ({ name, value: 'v' }));
    const [recorded] = checkRecording(har(entry({ response: response({ headers }) })));
    expect(Object.keys(recorded!.response.headers).sort()).toEqual([
      '__proto__',
      'constructor',
      'hasownproperty',
      'tostring',
    ]);
    expect(Object.values(recorded!.response.headers)).toEqual(['v', 'v', 'v', 'v']);
    expect(Object.getPrototypeOf(recorded!.response.headers)).toBe(Object.prototype);
  });

  it('never takes a field from the prototype: an entry whose response is inherited has none', () => {
    const inherited = Object.create({ response: response() }) as Record<string, unknown>;
    inherited.request = request;
    expect(refusal(har(inherited))).toBe('entries[0].response: expected an object, got nothing');
  });

  it('joins repeated headers and leaves out those the adapter sets, that belong to the hop, or are HTTP/2 pseudo-headers', () => {
    const headers = [
      { name: 'X-A', value: '1' },
      { name: 'x-a', value: '2' },
      { name: 'Content-Length', value: '999' },
      { name: 'Transfer-Encoding', value: 'chunked' },
      { name: 'Access-Control-Allow-Origin', value: 'https://staging.example' },
      { name: 'Upgrade', value: 'h2c' },
      { name: ':status', value: '200' },
    ];
    const [recorded] = checkRecording(har(entry({ response: response({ headers }) })));
    expect(recorded!.response.headers).toEqual({ 'x-a': '1, 2' });
  });
});

describe('checkRecording leaves out what it cannot replay whole, as HAR allows', () => {
  it('skips unanswered entries, cut, omitted and base64 bodies, and bodies a browser left out', () => {
    const entries = [
      entry({ response: response({ status: 0 }) }),
      entry({ response: response({ content: { size: 10, text: '[', _truncated: true } }) }),
      entry({ response: response({ content: { size: 10, _omitted: true } }) }),
      entry({ response: response({ content: { size: 3, text: 'AAAA', encoding: 'base64' } }) }),
      entry({ response: response({ content: { size: 120, mimeType: 'application/json' } }) }),
      entry(),
    ];
    expect(checkRecording(har(...entries)).map((recorded) => recorded.index)).toEqual([5]);
  });

  it('sends no body with 204, 205 and 304', () => {
    const entries = [204, 205, 304].map((status) => entry({ response: response({ status }) }));
    expect(checkRecording(har(...entries)).map((recorded) => recorded.response.body)).toEqual([null, null, null]);
  });

  it('marks the answers shaped on request as forced', () => {
    const marked = [
      entry({ _shapedBy: ['prefer example=empty'] }),
      entry({ _shapedBy: ['rule r1'], _deliberate: true }),
      entry({ response: response({ headers: [{ name: 'Petstore-Kit-Fault', value: 'f1' }] }) }),
      entry({ response: response({ headers: [{ name: 'Petstore-Kit-Rule', value: 'r2' }] }) }),
      entry({ response: response({ headers: [{ name: 'Preference-Applied', value: 'code=503' }] }) }),
      entry({ request: { ...request, headers: [{ name: 'Prefer', value: 'code=404' }] } }),
      entry({ _shapedBy: ['brownout 09:00/09:15@50%'], _brownout: true }),
      entry({ _shapedBy: ['replay #3'] }),
      entry({ request: { ...request, headers: [{ name: 'Prefer', value: 'delay=10' }] } }),
      entry(),
    ];
    expect(checkRecording(har(...marked)).map((recorded) => recorded.forced)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
