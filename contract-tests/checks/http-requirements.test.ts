import { describe, expect, it } from 'vitest';
import { allowMissing, byteOrderMark, dateHeader } from './http-requirements.ts';

const json = { 'content-type': 'application/json' };

describe('allowMissing (RFC 9110 §15.5.6)', () => {
  it.each([
    [405, {}, 'MissingAllowHeader'],
    [405, { allow: 'GET, POST' }, undefined],
    [405, { allow: '' }, undefined],
    [404, {}, undefined],
    [200, {}, undefined],
  ] as const)('%i with %j → %s', (status, headers, title) => {
    expect(allowMissing({ status, headers }, 'PATCH /v1/pets')?.title).toBe(title);
  });

  it('names what was asked, the section, and the methods it should list', () => {
    const finding = allowMissing({ status: 405, headers: {} }, 'PATCH /v1/pets', ['GET', 'POST'])!;
    expect(finding.message).toMatch(/^PATCH \/v1\/pets answered 405 .*RFC 9110 §15\.5\.6/);
    expect(finding.expected).toBe('Allow: GET, POST');
  });
});

describe('byteOrderMark (RFC 8259 §8.1)', () => {
  it.each([
    ['\uFEFF[]', json, 'JsonByteOrderMark'],
    ['\uFEFF{"id":1}', { 'content-type': 'application/json; charset=utf-8' }, 'JsonByteOrderMark'],
    ['\uFEFF{}', { 'content-type': 'application/problem+json' }, 'JsonByteOrderMark'],
    ['\uFEFF{}', {}, 'JsonByteOrderMark'],
    ['[]', json, undefined],
    ['[" \uFEFF"]', json, undefined],
    ['\uFEFFhello', { 'content-type': 'text/plain' }, undefined],
  ] as const)('%j labelled %j → %s', (text, headers, title) => {
    expect(byteOrderMark({ status: 200, headers, text }, 'listPets')?.title).toBe(title);
  });
});

describe('dateHeader (RFC 9110 §6.6.1, §5.6.7)', () => {
  it.each([
    [200, { date: 'Fri, 27 Nov 2026 07:50:00 GMT' }, undefined],
    [404, { date: 'Sun, 06 Nov 1994 08:49:37 GMT' }, undefined],
    [200, {}, 'MissingDateHeader'],
    [301, {}, 'MissingDateHeader'],
    [401, {}, 'MissingDateHeader'],
    [500, {}, undefined],
    [503, {}, undefined],
    [200, { date: '2026-11-27T07:50:00.000Z' }, 'InvalidDateHeader'],
    [200, { date: 'Friday, 27-Nov-26 07:50:00 GMT' }, 'InvalidDateHeader'],
    [200, { date: 'Fri, 27 Nov 2026 07:50:00 GMT, Fri, 27 Nov 2026 07:50:01 GMT' }, 'InvalidDateHeader'],
    [200, { date: 'fri, 27 nov 2026 07:50:00 gmt' }, 'InvalidDateHeader'],
  ] as const)('%i with %j → %s', (status, headers, title) => {
    expect(dateHeader({ status, headers }, 'listPets')?.title).toBe(title);
  });
});
