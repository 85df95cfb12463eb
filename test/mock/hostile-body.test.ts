// Hostile request bodies against the real server: each gets the Error body with the right status,
// never a 5xx, and the server keeps serving (checked after every test).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/core/index.ts';
import { expectError } from '../support/error-body.ts';
import { collect, openSocket, parseFirstResponse, rawRequest } from '../support/raw-http.ts';
import { startMock, type StartedMock } from '../support/start-mock.ts';

let mock: StartedMock;
beforeAll(async () => (mock = await startMock({ pets: 5 })));
afterAll(() => mock.close());
afterEach(() => mock.expectServing());

const PETS = '/v1/pets';
const MESSAGES = '/quickstart/messages';
const valid = { name: 'Rex', categoryId: 3 };

/** Creates and reads the pet back, so a 201 is proven to have stored what it answered. */
async function expectCreated(body: string): Promise<Record<string, unknown>> {
  const response = await mock.post(PETS, body);
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(201);
  const pet = JSON.parse(text);
  const read = await mock.request(`${PETS}/${pet.id}`);
  expect(read.status).toBe(200);
  expect(await read.json()).toEqual(pet);
  return pet;
}

describe('malformed and truncated JSON', () => {
  it.each([
    '{"name":',
    '{',
    '{"name":"x",}',
    "{'name':'x','categoryId':1}",
    'undefined',
    'NaN',
    '{"name":"x","categoryId":1}garbage',
    '\uFEFF{"name":"x","categoryId":1}',
    '   ',
  ])('POST /v1/pets %j → 400 MALFORMED_JSON', async (body) => {
    const error = await expectError(await mock.post(PETS, body), 400, 'MALFORMED_JSON');
    expect(error.issues?.[0]).toMatchObject({ in: 'body' });
  });

  it('every proper prefix of a valid body → 400 (empty: body required; else MALFORMED_JSON)', async () => {
    const full = JSON.stringify({ ...valid, status: 'sold' });
    for (let length = 0; length < full.length; length++) {
      await expectError(
        await mock.post(PETS, full.slice(0, length)),
        400,
        length === 0 ? 'VALIDATION_FAILED' : 'MALFORMED_JSON',
      );
    }
  });

  it('the quickstart answers malformed JSON with 400 MALFORMED_JSON too', async () => {
    await expectError(await mock.post(MESSAGES, '{"message":'), 400, 'MALFORMED_JSON');
  });
});

describe('non-object and empty bodies', () => {
  it.each(['[]', 'null', '5', '-0', '"x"', 'true', '[{"name":"x","categoryId":1}]'])(
    'POST /v1/pets %j → 400 VALIDATION_FAILED',
    async (body) => {
      const error = await expectError(await mock.post(PETS, body), 400, 'VALIDATION_FAILED');
      expect(error.issues).toEqual([expect.objectContaining({ in: 'body', pointer: '' })]);
    },
  );

  it.each([
    ['an empty body', ''],
    ['no body at all', undefined],
  ])('POST /v1/pets with %s → 400 body is required', async (_, body) => {
    const error = await expectError(await mock.post(PETS, body), 400, 'VALIDATION_FAILED');
    expect(error.message).toMatch(/required/);
  });

  it.each(['', 'null', '[]', '{}', '{"message":5}'])(
    'POST /quickstart/messages %j → 400 VALIDATION_FAILED',
    async (body) => {
      await expectError(await mock.post(MESSAGES, body), 400, 'VALIDATION_FAILED');
    },
  );

  it.each([
    ['text/plain', 'INVALID_CONTENT_TYPE'],
    ['application/x-www-form-urlencoded', 'INVALID_CONTENT_TYPE'],
    [null, 'INVALID_CONTENT_TYPE'],
  ])('valid JSON sent as %s → 400 %s', async (contentType, code) => {
    await expectError(await mock.post(PETS, JSON.stringify(valid), contentType), 400, code);
    await expectError(await mock.post(MESSAGES, '{"message":"hi"}', contentType), 400, code);
  });
});

describe('huge bodies (limit MAX_BODY_BYTES from src/core)', () => {
  /** A valid NewPet of exactly `bytes` UTF-8 bytes, padded in the name with `pad` (1 or 3 bytes each). */
  const petOfBytes = (bytes: number, pad = 'x') => {
    const shell = Buffer.byteLength(JSON.stringify({ name: '', categoryId: 1 }));
    const width = Buffer.byteLength(pad);
    const body = JSON.stringify({
      name: pad.repeat(Math.floor((bytes - shell) / width)) + 'x'.repeat((bytes - shell) % width),
      categoryId: 1,
    });
    expect(Buffer.byteLength(body)).toBe(bytes);
    return body;
  };

  it('a body of exactly MAX_BODY_BYTES is accepted (201) and stored whole', async () => {
    const pet = await expectCreated(petOfBytes(MAX_BODY_BYTES));
    expect((pet.name as string).length).toBeGreaterThan(MAX_BODY_BYTES - 100);
  });

  it('one byte more → 413 PAYLOAD_TOO_LARGE, and nothing is stored', async () => {
    const before = (await (await mock.request('/__admin/state')).json()).pets.length;
    await expectError(await mock.post(PETS, petOfBytes(MAX_BODY_BYTES + 1)), 413, 'PAYLOAD_TOO_LARGE');
    await expectError(
      await mock.post(MESSAGES, JSON.stringify({ message: 'x'.repeat(MAX_BODY_BYTES) })),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect((await (await mock.request('/__admin/state')).json()).pets.length).toBe(before);
  });

  it('the limit counts bytes, not characters: multi-byte text over the limit → 413', async () => {
    const body = petOfBytes(MAX_BODY_BYTES + 3, '€');
    expect(body.length).toBeLessThan(MAX_BODY_BYTES);
    await expectError(await mock.post(PETS, body), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a streamed (chunked, no Content-Length) body over the limit → 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * MAX_BODY_BYTES) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await mock.request(PETS, {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    await expectError(response, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('a body that arrives in pieces', () => {
  it('a character split across TCP segments is decoded whole, and the pet stored as sent', async () => {
    const body = Buffer.from(JSON.stringify({ name: 'Ré €x 🐕', categoryId: 3 }));
    const cuts = [body.indexOf(0xc3) + 1, body.indexOf(0xf0) + 2]; // inside é, inside the dog
    const headers = [`Authorization: Bearer ${mock.key}`, 'Content-Type: application/json'];
    const head = Buffer.from(rawRequest(`POST ${PETS} HTTP/1.1`, [...headers, `Content-Length: ${body.length}`]));
    const socket = await openSocket(mock.url);
    socket.setNoDelay(true);
    const [first, second] = cuts;
    const pieces = [
      Buffer.concat([head, body.subarray(0, first)]),
      body.subarray(first, second),
      body.subarray(second),
    ];
    const raw = await collect(socket, 120_000, async () => {
      // A pause between writes, so the server reads each piece as a chunk of its own.
      for (const piece of pieces) await new Promise((resolve) => setTimeout(() => resolve(socket.write(piece)), 30));
    });
    const answer = parseFirstResponse(raw.text);
    expect(answer.status, answer.body).toBe(201);
    const pet = JSON.parse(answer.body);
    expect(pet.name).toBe('Ré €x 🐕');
    const read = await mock.request(`${PETS}/${pet.id}`);
    expect(await read.json()).toEqual(pet);
  });
});

describe('deeply nested JSON', () => {
  const depth = 100_000;
  it.each([
    ['arrays', '['.repeat(depth) + ']'.repeat(depth)],
    ['objects', '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)],
    ['arrays as the name', `{"categoryId":1,"name":${'['.repeat(depth)}${']'.repeat(depth)}}`],
    ['half a megabyte of open brackets, never closed', '['.repeat(500_000)],
  ])('%s → 400', async (_, body) => {
    const response = await mock.post(PETS, body);
    expect(response.status).toBe(400);
    await expectError(response, 400);
  });

  it('deep nesting in an ignored extra field → 201, and the stored pet holds only NewPet fields', async () => {
    const pet = await expectCreated(`{"name":"Deep","categoryId":1,"extra":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    expect(Object.keys(pet).sort()).toEqual(['categoryId', 'id', 'name', 'status']);
  });
});

describe('int64 exactly: beyond 2^53 kept digit for digit, beyond int64 and non-integers refused', () => {
  it.each(['9007199254740992', '9007199254740993', '-9007199254740993', '9223372036854775807', '-9223372036854775808'])(
    'categoryId %s (a valid int64 beyond 2^53) → 201, stored and read back digit for digit',
    async (value) => {
      const created = await mock.post(PETS, `{"name":"big","categoryId":${value}}`);
      const text = await created.text();
      expect(created.status, text).toBe(201);
      expect(text).toContain(`"categoryId":${value}`);
      const id = (JSON.parse(text) as { id: number }).id;
      expect(await (await mock.request(`${PETS}/${id}`)).text()).toContain(`"categoryId":${value}`);
      expect(await (await mock.request(`${PETS}?limit=100`)).text()).toContain(
        `"id":${id},"name":"big","categoryId":${value}`,
      );
    },
  );

  it.each([
    '9223372036854775808',
    '-9223372036854775809',
    '1e400',
    '123456789012345678901234567890',
    '1.0000000000000000001',
    '1e-400',
    '9007199254740993.5',
  ])('categoryId %s (beyond int64, or not exactly an integer) → 400 on /categoryId, never rounded', async (value) => {
    const error = await expectError(
      await mock.post(PETS, `{"name":"x","categoryId":${value}}`),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.issues?.map((issue) => issue.pointer)).toContain('/categoryId');
  });

  it.each(['1.5', '-0.5', '1e-7', '"1"', 'true', 'null', '[]', '{}'])(
    'categoryId %s → 400 on /categoryId',
    async (value) => {
      const error = await expectError(
        await mock.post(PETS, `{"name":"x","categoryId":${value}}`),
        400,
        'VALIDATION_FAILED',
      );
      expect(error.issues?.map((issue) => issue.pointer)).toContain('/categoryId');
    },
  );

  it.each([Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0])(
    'categoryId %s (exact int64 in JSON) → 201, read back exactly',
    async (value) => {
      const pet = await expectCreated(JSON.stringify({ name: 'edge', categoryId: value }));
      expect(pet.categoryId).toBe(value);
    },
  );
});

describe('long strings, odd Unicode and wrong-case enums', () => {
  it('a name of 500 000 characters is stored and read back intact; lists stay valid JSON', async () => {
    const name = 'ab'.repeat(250_000);
    expect((await expectCreated(JSON.stringify({ name, categoryId: 1 }))).name).toBe(name);
    expect(Array.isArray(await (await mock.request(`${PETS}?limit=100`)).json())).toBe(true);
  });

  it('an unknown field with a 500 000-character name is ignored', async () => {
    const pet = await expectCreated(`{"name":"k","categoryId":1,"${'k'.repeat(500_000)}":1}`);
    expect(Object.keys(pet).sort()).toEqual(['categoryId', 'id', 'name', 'status']);
  });

  it.each([
    ['a lone high surrogate', '\\ud800'],
    ['a lone low surrogate', 'a\\udfffb'],
    ['NUL and control characters', '\\u0000\\u0001\\u001f'],
    ['right-to-left override and Arabic', '\\u202eعربي\\u202c'],
    ['emoji with ZWJ and skin tone', '👩🏽‍🚀🐕‍🦺'],
    ['line and paragraph separators', '\\u2028\\u2029'],
    ['a byte order mark and combining marks', '\\ufeffe\\u0301\\u0301\\u0301'],
    ['the non-character U+FFFF', '\\uffff'],
  ])('a name with %s is stored and read back exactly', async (_, escaped) => {
    const name = JSON.parse(`"${escaped}"`) as string;
    const pet = await expectCreated(`{"name":"${escaped}","categoryId":1}`);
    expect(pet.name).toBe(name);
    const message = await mock.post(MESSAGES, `{"message":"${escaped}"}`);
    expect(message.status).toBe(202);
    expect((await message.json()).message).toBe(name);
  });

  it('raw invalid UTF-8 bytes in the body never give a 5xx: 201 (replacement characters) or a 400 Error', async () => {
    const body = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
      Buffer.from('","categoryId":1}'),
    ]);
    const response = await mock.request(PETS, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    if (response.status !== 201) await expectError(response, 400);
    else expect(typeof (await response.json()).name).toBe('string');
  });

  it.each(['Available', 'SOLD', 'available ', ' pending', 'availabl', ''])(
    'status %j → 400 on /status',
    async (status) => {
      const error = await expectError(
        await mock.post(PETS, JSON.stringify({ ...valid, status })),
        400,
        'VALIDATION_FAILED',
      );
      expect(error.issues?.map((issue) => issue.pointer)).toEqual(['/status']);
    },
  );

  it('every invalid field is reported at once, each with its pointer', async () => {
    const error = await expectError(
      await mock.post(PETS, JSON.stringify({ name: 5, categoryId: 1.5, status: 'Sold' })),
      400,
      'VALIDATION_FAILED',
    );
    expect(new Set(error.issues?.map((issue) => issue.pointer))).toEqual(new Set(['/name', '/categoryId', '/status']));
  });
});
