import { describe, expect, it } from 'vitest';
import { chunkedToHttp10, headContent } from './message-framing.ts';

describe('headContent (RFC 9110 §9.3.2)', () => {
  it.each([
    ['', undefined],
    ['[{"id":1}]', 'HeadContentSent'],
    [' ', 'HeadContentSent'],
  ])('content %j → %s', (text, title) => {
    expect(headContent({ status: 200, text }, 'HEAD /pets')?.title).toBe(title);
  });
});

describe('chunkedToHttp10 (RFC 9112 §6.1)', () => {
  it.each([
    [{}, undefined],
    [{ 'content-length': '2' }, undefined],
    [{ 'transfer-encoding': 'chunked' }, 'ChunkedToHttp10'],
    [{ 'transfer-encoding': 'gzip, chunked' }, 'ChunkedToHttp10'],
  ])('%j → %s', (headers: Record<string, string>, title) => {
    expect(chunkedToHttp10({ status: 200, headers }, 'listPets')?.title).toBe(title);
  });
});
