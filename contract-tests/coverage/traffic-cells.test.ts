import { describe, expect, it } from 'vitest';
import { bundledModel } from '../model/bundled-model.ts';
import { belowMinimum } from './measure-coverage.ts';
import { trafficCells } from './traffic-cells.ts';

const model = await bundledModel();
const base = { baseUrl: 'http://h/v1', quickstartUrl: 'http://h/quickstart' };
const auth = { authorization: 'Bearer <redacted>' };
const reached = (cells: ReturnType<typeof trafficCells>, now?: Date) =>
  cells
    .coverage({ now })
    .cells.filter((cell) => cell.state === 'reached')
    .map((cell) => cell.id);

describe('trafficCells: the cells a stream of traffic reached, one exchange at a time', () => {
  it('counts the exchanges, and those that reached a cell (below a base URL, to an operation)', () => {
    const cells = trafficCells(model, base);
    cells.add({
      request: { method: 'GET', url: 'http://h/v1/pets?limit=100', headers: auth },
      response: { status: 200, headers: {} },
    });
    cells.add({
      request: { method: 'GET', url: 'http://h/favicon.ico', headers: {} },
      response: { status: 404, headers: {} },
    });
    cells.add({ request: { method: 'GET', url: 'http://elsewhere/v1/pets', headers: {} } });
    expect(cells.exchanges).toEqual({ total: 3, counted: 1 });
    expect(reached(cells)).toEqual([
      'listPets answer 200',
      'listPets limit: maximum',
      'listPets status: absent',
      'listPets credential: valid',
    ]);
  });

  it('classes a body only when the capture holds it whole, as text or as bytes', () => {
    const cells = trafficCells(model, base);
    const post = (body: string | Uint8Array, bodyComplete?: false) =>
      cells.add({
        request: {
          method: 'POST',
          url: 'http://h/v1/pets',
          headers: auth,
          body,
          ...(bodyComplete === false ? { bodyComplete } : {}),
        },
      });
    post('{"categoryId":1}', false);
    // Cut, and unanswered: neither the body nor the token (judged by the answer) is classed.
    expect(reached(cells)).toEqual([]);
    post(new TextEncoder().encode('{"categoryId":1}'));
    expect(reached(cells)).toContain('createPet body: missing name');
  });

  it('judges dated cells by the latest start it saw, unless told the time', () => {
    const cells = trafficCells(model, base);
    const gone = {
      request: { method: 'GET', url: 'http://h/v1/pets/1', headers: auth },
      response: { status: 410, headers: {} },
    };
    cells.add({ ...gone, startedAt: '2031-01-01T00:00:00Z' });
    cells.add({ ...gone, startedAt: '2026-01-01T00:00:00Z' });
    const removal = (now?: Date) => cells.coverage({ now }).cells.find((cell) => cell.id === 'getPet answer 410')!;
    expect(removal().state).toBe('reached');
    const before = trafficCells(model, base);
    before.add({ request: gone.request, startedAt: '2026-01-01T00:00:00Z' });
    expect(before.coverage().cells.find((cell) => cell.id === 'getPet answer 410')!.state).toBe('out of reach');
    expect(
      before.coverage({ now: new Date('2031-01-01') }).cells.find((cell) => cell.id === 'getPet answer 410'),
    ).toMatchObject({
      state: 'missing',
      why: 'the traffic never got it',
    });
  });

  it('holds the coverage to a minimum when given one', () => {
    const cells = trafficCells(model, base);
    expect(belowMinimum(cells.coverage({ minimum: 1 }))).toBe(true);
    expect(cells.coverage({ minimum: 0 })).toMatchObject({ minimum: 0, reached: 0, percent: 0 });
    expect(cells.coverage().minimum).toBeUndefined();
  });
});
