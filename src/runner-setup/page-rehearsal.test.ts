import { describe, expect, it } from 'vitest';
import { callFromPage, pageRehearsal } from './page-rehearsal.ts';

const env = { PETSTORE_REHEARSAL: 'today', PETSTORE_REHEARSAL_CLOCK: '2026-11-27T10:00:00.000Z' };
const call = { operationId: 'getPet', method: 'GET', url: '/v1/pets/1', status: 200 };

describe('pageRehearsal', () => {
  it("tells the page the pass, its clock and the test, as the process's environment says them", () => {
    expect(pageRehearsal('app > shows pet 1', env)).toEqual({
      pass: 'today',
      clock: '2026-11-27T10:00:00.000Z',
      test: 'app > shows pet 1',
    });
    expect(pageRehearsal(undefined, { PETSTORE_REHEARSAL: 'removed' })).toEqual({ pass: 'removed' });
  });

  it("tells it the pass's brownout schedule and its seed, when the pass runs under one", () => {
    const brownouts = { PETSTORE_REHEARSAL_BROWNOUTS: '{"windows":["50%","09:00/09:15"],"seed":7}' };
    expect(pageRehearsal('t', { ...env, ...brownouts })).toEqual({
      pass: 'today',
      clock: '2026-11-27T10:00:00.000Z',
      brownouts: { windows: ['50%', '09:00/09:15'], seed: 7 },
      test: 't',
    });
    // A value that is no schedule does not cross into the page.
    for (const text of ['50%', '["50%"]', '{"windows":["50%"],"seed":"7"}'])
      expect(pageRehearsal('t', { ...env, PETSTORE_REHEARSAL_BROWNOUTS: text })?.brownouts).toBeUndefined();
  });

  it('tells it nothing outside a rehearsal', () => {
    expect(pageRehearsal('app > shows pet 1', { PETSTORE_REHEARSAL_CLOCK: env.PETSTORE_REHEARSAL_CLOCK })).toBe(
      undefined,
    );
  });
});

describe('callFromPage', () => {
  it("names the context's test when the page named none, and keeps the page's name when it did", () => {
    expect(callFromPage(call, 'app > shows pet 1')).toEqual({ ...call, test: 'app > shows pet 1' });
    expect(callFromPage({ ...call, test: 'its own' }, 'app > shows pet 1')).toEqual({ ...call, test: 'its own' });
    expect(callFromPage(call, undefined)).toEqual(call);
  });

  it('keeps the fields of a call only, and refuses what is not one (any script of the page may call the binding)', () => {
    const sent = { ...call, record: { id: 1, status: 'sold' }, brownout: true, extra: 'x'.repeat(10) };
    expect(callFromPage(sent, 't')).toEqual({ ...call, record: { id: 1, status: 'sold' }, brownout: true, test: 't' });
    for (const value of [undefined, null, 'getPet', 42, [call], { ...call, status: '200' }, { ...call, url: 1 }])
      expect(callFromPage(value, 't')).toBeUndefined();
  });
});
