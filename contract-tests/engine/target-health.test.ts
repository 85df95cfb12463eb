import { describe, expect, it } from 'vitest';
import type { OutgoingRequest } from '../http/send.ts';
import { runHealth, TargetHealth } from './target-health.ts';

const get = (path: string): OutgoingRequest => ({ method: 'GET', url: `http://api.test${path}`, headers: {} });
const SENT_AT = new Date('2030-01-02T03:04:05.678Z');
const noAnswer = (request: OutgoingRequest, reason = 'no response within 1000 ms') => ({
  request,
  reason,
  sentAt: SENT_AT,
  exchange: { request, error: reason, durationMs: 1000 },
});

/** A gate whose probes are answered as `answers` says, in order, each after the test lets it go. */
function gate(answers: boolean[]) {
  const probes: OutgoingRequest[] = [];
  let release: () => void = () => undefined;
  const health = new TargetHealth({
    firstProbe: get('/v1'),
    timeoutMs: 1000,
    describe: ({ method, url }) => `${method} ${new URL(url).pathname}`,
    probe: (request) => {
      probes.push(request);
      const answered = answers.shift() ?? true;
      return new Promise((resolve) => (release = () => resolve(answered)));
    },
  });
  return { health, probes, release: () => release() };
}

describe('the target health gate', () => {
  it('a request left unanswered while the target answers the probe: its own failure stands', async () => {
    const { health, probes, release } = gate([true]);
    health.answered(get('/v1/pets?limit=1'));
    health.answered({ ...get('/v1/pets'), method: 'POST', body: '{}' });
    const verdict = health.unanswered(noAnswer(get('/v1/pets/9')));
    release();
    expect(await verdict).toEqual({ kind: 'answering' });
    // The probe repeats the last request the target answered that changes nothing (not the POST).
    expect(probes).toEqual([get('/v1/pets?limit=1')]);
    expect(health.signal.aborted).toBe(false);
    expect(health.stop).toBeUndefined();
    expect(await health.ready()).toBeUndefined();
  });

  it('no answer to the probe either: one root cause for the request that went unanswered, the rest not observable', async () => {
    const { health, probes, release } = gate([false]);
    for (let i = 0; i < 3; i++) health.answered(get('/v1/pets'));
    const trigger = get('/v1/pets/1');
    const first = health.unanswered(noAnswer(trigger));
    // Requests about to be sent wait for the verdict; others left unanswered meanwhile join the same probe.
    const waiting = health.ready();
    const joined = health.unanswered(noAnswer(get('/v1/pets/2')));
    release();
    const cause =
      'the target stopped answering at 2030-01-02T03:04:05.678Z, after 3 answer(s): GET /v1/pets/1 got no answer ' +
      'within 1000 ms. One more request got none either: nothing more was sent, and the scenarios left are not observable.';
    expect(await first).toMatchObject({
      kind: 'root',
      cause,
      message: 'GET http://api.test/v1/pets/1 got no usable response: no response within 1000 ms.',
      request: trigger,
    });
    expect(await waiting).toEqual({ kind: 'stopped', why: TargetHealth.NOT_SENT });
    expect(await joined).toEqual({ kind: 'stopped', why: TargetHealth.NOT_SENT });
    expect(await health.ready()).toEqual({ kind: 'stopped', why: TargetHealth.NOT_SENT });
    expect(probes).toHaveLength(1);
    // Requests in flight end at once.
    expect(health.signal.aborted).toBe(true);
    expect(health.stop?.cause).toBe(cause);
  });

  it('another reason than a timeout is quoted', async () => {
    const { health, release } = gate([false]);
    const verdict = health.unanswered(
      noAnswer(get('/v1'), 'the target reset the connection before answering (ECONNRESET)'),
    );
    release();
    expect(await verdict).toMatchObject({
      cause: expect.stringContaining(
        'after 0 answer(s): GET /v1 got no answer (the target reset the connection before answering (ECONNRESET)).',
      ),
    });
  });

  it("the preflight's request left unanswered: the first scenario to send reports it, with its exchange", async () => {
    const { health, probes, release } = gate([false]);
    const preflight = noAnswer(get('/v1'));
    const answers = health.stillAnswers(preflight);
    release();
    expect(await answers).toBe(false);
    expect(probes).toEqual([get('/v1')]);
    expect(await health.ready()).toMatchObject({ kind: 'root', exchange: preflight.exchange, request: get('/v1') });
    expect(await health.ready()).toEqual({ kind: 'stopped', why: TargetHealth.NOT_SENT });
  });

  it("before any answer of the API, the probe is the request left unanswered: a gateway's own page vouches for nothing", async () => {
    const { health, probes, release } = gate([false]);
    health.answeredPreflight();
    const verdict = health.unanswered(noAnswer(get('/v1/pets?limit=1')));
    release();
    expect(await verdict).toMatchObject({ kind: 'root', cause: expect.stringContaining('after 1 answer(s)') });
    expect(probes).toEqual([get('/v1/pets?limit=1')]);
  });

  it('a request that may change data is never the probe: the preflight request is', async () => {
    const { health, probes, release } = gate([true]);
    const verdict = health.unanswered(noAnswer({ ...get('/v1/pets'), method: 'POST', body: '{}' }));
    release();
    expect(await verdict).toEqual({ kind: 'answering' });
    expect(probes).toEqual([get('/v1')]);
  });

  it('answered once, the gate probes again at the next request left unanswered', async () => {
    const { health, probes, release } = gate([true, false]);
    const once = health.unanswered(noAnswer(get('/v1/a')));
    release();
    expect(await once).toEqual({ kind: 'answering' });
    const twice = health.unanswered(noAnswer(get('/v1/b')));
    release();
    expect(await twice).toMatchObject({ kind: 'root' });
    expect(probes).toHaveLength(2);
  });
});

describe('the gates of a run', () => {
  const options = { probe: async () => true, timeoutMs: 1000, describe: () => '' };

  it('one per origin: the API and a quickstart on the same host share it', () => {
    const health = runHealth(['http://api.test/v1', 'http://api.test/quickstart'], options);
    expect(health.of('http://api.test/v1/pets')).toBe(health.of('http://api.test/quickstart/messages'));
    expect(health.of('http://api.test/v1/pets')).toBeInstanceOf(TargetHealth);
    expect(health.of('http://elsewhere.test/v1')).toBeUndefined();
    expect(health.stops()).toEqual([]);
  });

  it('a quickstart on another host has a gate of its own', () => {
    const health = runHealth(['http://api.test/v1', 'http://qs.test/quickstart'], options);
    expect(health.of('http://api.test/v1/pets')).not.toBe(health.of('http://qs.test/quickstart/messages'));
    // A URL spelt otherwise than its origin still finds its gate.
    expect(health.of('HTTP://API.TEST:80/v1/pets')).toBe(health.of('http://api.test/v1'));
  });
});
