import { describe, expect, it } from 'vitest';
import { document } from '../../openapi/document.gen.ts';
import { indexOperations } from '../../openapi/index-operations.ts';
import type { CoreRequest } from '../core-request.ts';
import { deprecationPolicy, type DeprecationPolicy } from '../http/deprecation.ts';
import { brownoutSchedule } from './brownout-schedule.ts';
import { brownoutDraw, createBrownouts } from './brownouts.ts';

const operations = indexOperations(document);
const byId = (id: string) => operations.find((op) => op.operationId === id)!;
const getPet = deprecationPolicy(byId('getPet'), (id) => `/v1${byId(id).path}`)!;
const get = (url: string, test?: string): CoreRequest => ({
  method: 'GET',
  url,
  headers: test === undefined ? {} : { 'x-petstore-test': test },
});
const brownouts = (schedule: string | string[], seed = 1) => createBrownouts(brownoutSchedule(schedule), seed)!;
const NOV_1_0930 = new Date('2030-11-01T09:30Z');

/** The URLs of `requests` that a fresh store with this schedule and seed browns out, asked in that order. */
function failing(schedule: string | string[], seed: number, requests: CoreRequest[], now = NOV_1_0930): string[] {
  const decider = brownouts(schedule, seed);
  return requests.filter((request) => decider.answer(getPet, request, now)).map((request) => request.url);
}
const pets = (count: number) => Array.from({ length: count }, (_, i) => get(`/v1/pets/${i + 1}`));

describe('createBrownouts: the removal answer ahead of the date', () => {
  it.each([
    ['before the window', '2030-11-01T09:00Z/2030-11-01T10:00Z', '2030-11-01T08:59:59Z', false],
    ['inside the window', '2030-11-01T09:00Z/2030-11-01T10:00Z', '2030-11-01T09:00Z', true],
    ['after the window', '2030-11-01T09:00Z/2030-11-01T10:00Z', '2030-11-01T10:00Z', false],
    ['inside a daily window', '09:00/09:15', '2028-03-14T09:10Z', true],
    ['outside it on the same day', '09:00/09:15', '2028-03-14T09:20Z', false],
    ['all the time, the day before the removal', '100%', '2030-12-04T23:59:59Z', true],
    ['past the removal date: the removal itself answers, not a brownout', '100%', '2030-12-05T00:00Z', false],
    ['a window past the removal date', '2031-01-01/2031-01-02', '2031-01-01T12:00Z', false],
  ])('%s', (_, schedule, now, brownedOut) => {
    const answer = brownouts(schedule).answer(getPet, get('/v1/pets/1'), new Date(now));
    expect(answer !== undefined).toBe(brownedOut);
  });

  it('answers exactly as the removal does (the same code), marked for the journal', () => {
    const answer = brownouts('100%').answer(getPet, get('/v1/pets/7'), NOV_1_0930)!;
    const { shaping, ...sent } = answer;
    expect(sent).toEqual(getPet.gone(new Date('2030-12-06T00:00Z')));
    expect(sent.status).toBe(410);
    expect(JSON.parse(sent.body!)).toEqual({
      code: 'GONE',
      message: 'GET /pets/{petId} was removed on 2030-12-05. Use /v1/pets instead.',
      status: 410,
    });
    expect(shaping).toEqual({ by: ['brownout 100%'], brownout: true });
  });

  it('leaves a deprecated operation without a removal date alone', () => {
    const noDate: DeprecationPolicy = { ...getPet, sunset: undefined };
    expect(brownouts('100%').answer(noDate, get('/v1/pets/1'), NOV_1_0930)).toBeUndefined();
  });

  it('names the first window that holds the instant', () => {
    const answer = brownouts(['08:00/12:00@100%', '09:00/10:00@100%']).answer(getPet, get('/v1/pets/1'), NOV_1_0930);
    expect(answer?.shaping?.by).toEqual(['brownout 08:00/12:00@100%']);
  });
});

describe('which calls: seeded, the same in every run', () => {
  const calls = pets(200);

  it('fails the same calls at the same seed, other calls at another, about the share of them', () => {
    const first = failing('50%', 7, calls);
    expect(failing('50%', 7, calls)).toEqual(first);
    expect(first.length).toBeGreaterThan(70);
    expect(first.length).toBeLessThan(130);
    const other = failing('50%', 8, calls);
    expect(other).not.toEqual(first);
    expect(other.length).toBeGreaterThan(70);
    expect(failing('10%', 7, calls).length).toBeLessThan(40);
    expect(failing('100%', 7, calls)).toHaveLength(200);
  });

  it('does not depend on the order of different calls (a parallel runner interleaves them differently)', () => {
    const forwards = failing('50%', 3, calls);
    const backwards = failing('50%', 3, [...calls].reverse());
    expect(new Set(backwards)).toEqual(new Set(forwards));
  });

  it('draws each repetition of one call anew, and each test apart when the request names it', () => {
    const again = Array.from({ length: 100 }, () => get('/v1/pets/1'));
    const repeated = failing('50%', 1, again).length;
    expect(repeated).toBeGreaterThan(20);
    expect(repeated).toBeLessThan(80);
    const fromA = failing(
      '50%',
      1,
      pets(100).map((request) => ({ ...request, headers: { 'x-petstore-test': 'a' } })),
    );
    const fromB = failing(
      '50%',
      1,
      pets(100).map((request) => ({ ...request, headers: { 'x-petstore-test': 'b' } })),
    );
    expect(fromA).not.toEqual(fromB);
  });

  it('draws each day of a daily window anew', () => {
    const monday = failing('09:00/10:00@50%', 1, calls, new Date('2030-11-04T09:30Z'));
    const tuesday = failing('09:00/10:00@50%', 1, calls, new Date('2030-11-05T09:30Z'));
    expect(tuesday).not.toEqual(monday);
    expect(failing('09:00/10:00@50%', 1, calls, new Date('2030-11-04T09:59Z'))).toEqual(monday);
  });

  it('starts counting again after rewind (the store reset)', () => {
    const decider = brownouts('50%', 5);
    const run = () =>
      Array.from({ length: 50 }, () => decider.answer(getPet, get('/v1/pets/2'), NOV_1_0930) !== undefined);
    const first = run();
    expect(run()).not.toEqual(first);
    decider.rewind();
    expect(run()).toEqual(first);
  });

  it('is a pure function of seed, occurrence, call and repetition', () => {
    const draw = brownoutDraw(1, '50%\n0', 'GET /v1/pets/1', 1);
    expect(draw).toBeGreaterThanOrEqual(0);
    expect(draw).toBeLessThan(1);
    expect(brownoutDraw(1, '50%\n0', 'GET /v1/pets/1', 1)).toBe(draw);
    const others = [
      brownoutDraw(2, '50%\n0', 'GET /v1/pets/1', 1),
      brownoutDraw(1, '50%\n1', 'GET /v1/pets/1', 1),
      brownoutDraw(1, '50%\n0', 'GET /v1/pets/2', 1),
      brownoutDraw(1, '50%\n0', 'GET /v1/pets/1', 2),
    ];
    expect(new Set([draw, ...others]).size).toBe(5);
  });
});

it('an empty schedule adds nothing to the request path', () => {
  expect(createBrownouts([], 1)).toBeUndefined();
});
