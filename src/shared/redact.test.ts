import { describe, expect, it } from 'vitest';
import { carriedCredentials, urlSecrets } from './carried-credentials.ts';
import { DEV_API_KEY } from './dev-api-key.ts';
import { createRedactor, REDACTED, redactClip, redactDeep, redactText, WINDOW } from './redact.ts';

const KEY = 'sk-live-4f9c2a7e1b3d5c8a6e0f2b4d9c7a1e3f'; // 40 characters
const keyRedactor = createRedactor([KEY]);

/** Every 8-character window of `secret` that stands in `text`, read raw and percent/escape-decoded. */
function survivors(text: string, secrets: readonly string[]): string[] {
  const readings = [text, leniently(text), leniently(leniently(text))];
  return secrets.flatMap((secret) => {
    const found: string[] = [];
    for (let at = 0; at + WINDOW <= secret.length; at++) {
      const piece = secret.slice(at, at + WINDOW);
      if (readings.some((reading) => reading.includes(piece))) found.push(piece);
    }
    return found;
  });
}

/** `%hh` and `\uhhhh` decoded wherever they stand (a reader's view of a mangled text). */
function leniently(text: string): string {
  return text
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const percentEach = (text: string, upper = false) =>
  [...text]
    .map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`[upper ? 'toUpperCase' : 'toString']())
    .join('');

describe('redactor.text: no run of 8 characters of a key, however it is written', () => {
  it.each([
    ['the key', `a ${KEY} b`, 'a <redacted> b'],
    ['inside a word', `x${KEY}y`, 'x<redacted>y'],
    ['its last character changed (a near-miss verify sends)', `Bearer ${KEY.slice(0, -1)}a`, 'Bearer <redacted>a'],
    ['a prefix of 8 characters', `got ${KEY.slice(0, 8)}.`, 'got <redacted>.'],
    ['a piece of 8 from the middle', `(${KEY.slice(17, 25)})`, '(<redacted>)'],
    ['7 characters: not a run the rule forbids', `${KEY.slice(0, 7)}`, KEY.slice(0, 7)],
    ['two pieces side by side are one marker', `${KEY.slice(0, 10)}${KEY.slice(20)}`, REDACTED],
    ['percent-encoded byte by byte, lower case', `k=${percentEach(KEY)}&z`, 'k=<redacted>&z'],
    ['percent-encoded byte by byte, upper case', `k=${percentEach(KEY, true)}&z`, 'k=<redacted>&z'],
    [
      'raw characters and escapes mixed',
      `k=${[...KEY].map((c, i) => (i % 3 ? c : percentEach(c, i % 2 === 0))).join('')}`,
      'k=<redacted>',
    ],
    ['encoded twice', `k=${encodeURIComponent(percentEach(KEY))}`, 'k=<redacted>'],
    [
      'JSON \\u escapes',
      JSON.stringify({ a: [...KEY].map((c) => `\\u00${c.charCodeAt(0).toString(16)}`).join('') }),
      '{"a":"<redacted>"}',
    ],
    ['JSON inside JSON', JSON.stringify(JSON.stringify({ key: KEY })), '"{\\"key\\":\\"<redacted>\\"}"'],
    ['HTML entities', `<b>${[...KEY].map((c) => `&#${c.charCodeAt(0)};`).join('')}</b>`, '<b><redacted></b>'],
  ])('%s', (_, text, want) => {
    expect(keyRedactor.text(text)).toBe(want);
    expect(survivors(keyRedactor.text(text), [KEY])).toEqual([]);
  });

  it('a toy key shorter than 4 characters only where it stands alone', () => {
    const toy = createRedactor(['k']);
    expect(toy.text('[petstore-kit] check the key k. Authorization: Bearer k')).toBe(
      '[petstore-kit] check the key <redacted>. Authorization: Bearer <redacted>',
    );
    expect(redactText('key=a.b&x=a.b1', ['a.b'])).toBe('key=<redacted>&x=a.b1');
  });

  it('a key of 4 to 7 characters wherever it stands, whole', () => {
    expect(redactText('xs3cretx and s3cret', ['s3cret'])).toBe('x<redacted>x and <redacted>');
    expect(redactText('s3cre', ['s3cret'])).toBe('s3cre');
  });

  it('the public development key only whole: "petstore-kit" is not mangled', () => {
    const dev = createRedactor([DEV_API_KEY]);
    expect(dev.text(`petstore-kit verify, key ${DEV_API_KEY}`)).toBe('petstore-kit verify, key <redacted>');
    expect(dev.text('petstore-dev is fine')).toBe('petstore-dev is fine');
    // Its near-misses (verify sends them) and any secret sharing its pieces keep "petstore-kit" whole too.
    const nearMiss = createRedactor([`${DEV_API_KEY}x`, DEV_API_KEY.slice(0, -1), 'petstore-prod-Key-4f9c2a7e']);
    expect(nearMiss.text('petstore-kit verify: petstore-prod-Key-4f9c2a7e')).toBe('petstore-kit verify: pe<redacted>');
  });

  it("a URL's userinfo, whoever's it is", () => {
    const none = createRedactor([]);
    expect(none.text('target http://user:PASSWORD@host:8080/v1 and https://a@b/x')).toBe(
      'target http://<redacted>@host:8080/v1 and https://<redacted>@b/x',
    );
    expect(none.text('mail me: a@b.example, see http://host/a@b')).toBe('mail me: a@b.example, see http://host/a@b');
    expect(none.url(`/v1?next=${encodeURIComponent('http://u:pw@h/')}`)).toBe(
      '/v1?next=http%3A%2F%2F[redacted]%40h%2F',
    );
  });

  it('a key with characters beyond ASCII, percent-encoded as UTF-8', () => {
    const key = 'clé-secrète-ünïcode';
    expect(redactText(`q=${encodeURIComponent(key)}`, [key])).toBe('q=<redacted>');
  });

  it('a value: an object under `headers` by header name, every other string as text, keys included', () => {
    const exchange = { request: { headers: { authorization: 'Bearer any-token', cookie: 'a=b' }, body: `x ${KEY}` } };
    expect(redactDeep(keyRedactor, exchange)).toEqual({
      request: { headers: { authorization: 'Bearer <redacted>', cookie: 'a=<redacted>' }, body: 'x <redacted>' },
    });
  });

  it('every string of a value, keys included', () => {
    expect(redactDeep(keyRedactor, { a: [`x ${KEY}`], [KEY]: 1, n: 2 })).toEqual({
      a: ['x <redacted>'],
      '<redacted>': 1,
      n: 2,
    });
  });
});

describe('redactor.clip and cutText: no clip keeps 8 characters of a secret', () => {
  it('a key across the cut is redacted up to the cut, read past it', () => {
    const text = `${'x'.repeat(10)}${KEY}${'y'.repeat(10)}`;
    expect(redactClip(keyRedactor, text, 15)).toBe(`${'x'.repeat(10)}<redacted>`);
    expect(redactClip(keyRedactor, text, 60)).toBe(`${'x'.repeat(10)}<redacted>${'y'.repeat(10)}`);
    expect(redactClip(keyRedactor, `${'x'.repeat(10)}${percentEach(KEY)}`, 14)).toBe(`${'x'.repeat(10)}<redacted>`);
  });

  it('a text already cut loses a trailing start of a key too', () => {
    expect(keyRedactor.cutText(`${'x'.repeat(10)}${KEY.slice(0, 5)}`)).toBe(`${'x'.repeat(10)}<redacted>`);
    expect(keyRedactor.cutText('xxxx')).toBe('xxxx');
  });

  it('property: random secrets in random texts, clipped anywhere', () => {
    let seed = 42;
    const random = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/=';
    const word = (length: number) => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
    for (let round = 0; round < 200; round++) {
      const secrets = [word(8 + random(60)), word(8 + random(300))];
      const redactor = createRedactor([secrets[0]], [secrets[1]]);
      const pieces: string[] = [];
      for (let i = 0; i < 12; i++) {
        const secret = secrets[random(2)];
        const from = random(secret.length);
        const piece = secret.slice(from, from + 1 + random(secret.length));
        const written = [piece, encodeURIComponent(piece), percentEach(piece, random(2) === 1), JSON.stringify(piece)][
          random(4)
        ];
        pieces.push(word(random(20)), written);
      }
      const text = pieces.join('');
      const whole = redactor.text(text);
      expect(survivors(whole, secrets), text).toEqual([]);
      for (let i = 0; i < 5; i++) {
        const cut = random(text.length + 1);
        expect(survivors(redactClip(redactor, text, cut), secrets), `${text} cut at ${cut}`).toEqual([]);
        expect(survivors(whole.slice(0, cut), secrets)).toEqual([]);
      }
    }
  });
});

describe('redactor.header: credentials by the header name', () => {
  const redactor = createRedactor([KEY]);

  it.each([
    ['authorization', `Bearer ${KEY}`, 'Bearer <redacted>'],
    ['Authorization', 'bearer some-other-token', 'bearer <redacted>'],
    ['authorization', 'Bearer', 'Bearer'],
    ['authorization', 'a-lone-token-without-scheme', REDACTED],
    ['proxy-authorization', `Basic ${btoa(`me:${KEY}`)}`, 'Basic <redacted>'],
    ['cookie', 'session=abc; theme=dark; flag', 'session=<redacted>; theme=<redacted>;<redacted>'],
    [
      'set-cookie',
      'sid=abc123; Path=/; Expires=Wed, 21 Oct 2015 07:28:00 GMT; HttpOnly',
      'sid=<redacted>; Path=/; Expires=Wed, 21 Oct 2015 07:28:00 GMT; HttpOnly',
    ],
    ['set-cookie', 'a=1; Path=/, b=2', 'a=<redacted>; Path=/, b=<redacted>'],
    ['x-api-key', 'anything', REDACTED],
    ['x-trace', `abc ${KEY}`, 'abc <redacted>'],
  ])('%s: %s', (name, value, want) => {
    expect(redactor.header(name, value)).toBe(want);
  });

  it('pairs keep their names and order, repeated names included', () => {
    expect(
      redactor.headerPairs([
        ['Proxy-Authorization', 'Basic dXNlcjpwYXNzd29yZA=='],
        ['Set-Cookie', 'a=1'],
        ['Set-Cookie', 'b=2'],
      ]),
    ).toEqual([
      ['Proxy-Authorization', 'Basic <redacted>'],
      ['Set-Cookie', 'a=<redacted>'],
      ['Set-Cookie', 'b=<redacted>'],
    ]);
  });

  it('a record: lower-case names, a list joined', () => {
    expect(redactor.headers({ 'Set-Cookie': ['a=1', 'b=2'], Host: 'h' })).toEqual({
      'set-cookie': 'a=<redacted>, b=<redacted>',
      host: 'h',
    });
  });
});

describe('carried credentials', () => {
  it('what a request carries: tokens, cookies, Basic decoded, key-like parameters and headers', () => {
    expect(
      carriedCredentials(
        [
          {
            authorization: `Basic ${btoa('me:hunter2hunter2')}`,
            cookie: 'sid=s3ss10n-v4lue; t=1',
            'x-api-key': 'hk-1234',
          },
        ],
        ['/v1/pets?api_key=k3y-v4lue&limit=5'],
      ),
    ).toEqual([
      btoa('me:hunter2hunter2'),
      'me:hunter2hunter2',
      'hunter2hunter2',
      's3ss10n-v4lue',
      '1',
      'hk-1234',
      'k3y-v4lue',
    ]);
    expect(carriedCredentials([[['Set-Cookie', 'id=abcdefgh1234; Path=/']]])).toEqual(['abcdefgh1234']);
    expect(carriedCredentials([{ authorization: 'Bearer' }])).toEqual([]);
  });

  it('the password of a URL', () => {
    expect(urlSecrets('http://user:p%40ssword@host/v1')).toEqual(['p%40ssword', 'p@ssword']);
    expect(urlSecrets('http://host/v1?x=a@b')).toEqual([]);
  });

  it('short ones stand alone or not at all: a cookie `1` leaves every 1 in a body', () => {
    const redactor = createRedactor([], ['1', 'dark', 'abcdefgh1234']);
    expect(redactor.text('{"id":1,"theme":"dark","x":"darkness","t":"abcdefgh1234"}')).toBe(
      '{"id":1,"theme":"<redacted>","x":"darkness","t":"<redacted>"}',
    );
  });

  it('with(): more carried credentials, the keys kept', () => {
    const more = keyRedactor.with(['another-token-1234']);
    expect(more.text(`${KEY} another-token-1234`)).toBe('<redacted> <redacted>');
    expect(keyRedactor.with([KEY])).toBe(keyRedactor);
  });
});

describe('answers kept for texts asked again', () => {
  it('the same text is redacted alike each time, in text and in a URL, whatever marker is asked for', () => {
    const text = `a ${KEY} b`;
    const redactor = createRedactor([KEY]);
    for (let round = 0; round < 2; round++) {
      expect(redactor.text(text)).toBe('a <redacted> b');
      expect(redactor.url(text)).toBe('a [redacted] b');
      expect(redactor.text(text, '***')).toBe('a *** b');
    }
  });

  it('past what a redactor keeps (over a million characters asked), every answer is still right', () => {
    const redactor = createRedactor([KEY]);
    const texts = Array.from({ length: 3000 }, (_, i) => `${'x'.repeat(i % 300)}${KEY}${'y'.repeat(400)}${i}`);
    for (const round of [1, 2])
      for (const [i, text] of texts.entries())
        expect(redactor.text(text), `round ${round}, text ${i}`).toBe(
          `${'x'.repeat(i % 300)}<redacted>${'y'.repeat(400)}${i}`,
        );
  });
});

describe('linear time', () => {
  it('1 MiB of the worst input: near-misses of a key, escapes that start and fail, the key itself', () => {
    const near = `${KEY.slice(0, 7)}%\\u&#`.repeat(80_000);
    const text = `${near}${KEY}${percentEach(KEY)}${near}`;
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const started = performance.now();
    const out = keyRedactor.text(text);
    const tokenRedactor = createRedactor([], [word240()]);
    const body = `${'x'.repeat(400_000)}${word240()}${'y'.repeat(400_000)}`;
    const body2 = tokenRedactor.text(body);
    const spent = performance.now() - started;
    expect(out).toBe(`${near}<redacted>${near}`);
    expect(body2).toBe(`${'x'.repeat(400_000)}<redacted>${'y'.repeat(400_000)}`);
    // A quadratic scan takes minutes here; linear takes tens of milliseconds. A generous bound for a busy machine.
    expect(spent).toBeLessThan(3000);
  });
});

function word240(): string {
  return Array.from({ length: 240 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join('');
}
