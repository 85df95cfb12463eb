import { describe, expect, it } from 'vitest';
import { exchangeSignal, networkErrorCode } from './send.ts';

const aborted = (signal: AbortSignal) =>
  new Promise<unknown>((resolve) => signal.addEventListener('abort', () => resolve(signal.reason), { once: true }));

describe('exchangeSignal: the exchange ends at its timeout or with the run', () => {
  it("fires at its timeout with a TimeoutError (send's TIMEOUT), and says it was its own", async () => {
    const exchange = exchangeSignal(5);
    const reason = await aborted(exchange.signal);
    expect(reason).toMatchObject({ name: 'TimeoutError' });
    expect(networkErrorCode(reason)).toBe('TIMEOUT');
    expect(exchange.timedOut()).toBe(true);
    exchange.release();
  });

  it("follows the run's deadline or stop at once, with its reason, and that is not its own timeout", () => {
    const deadline = new AbortController();
    const stop = new AbortController();
    const exchange = exchangeSignal(60_000, deadline.signal, undefined, stop.signal);
    expect(exchange.signal.aborted).toBe(false);
    stop.abort(new Error('the target stopped answering'));
    expect([exchange.signal.aborted, exchange.signal.reason]).toEqual([
      true,
      new Error('the target stopped answering'),
    ]);
    expect(exchange.timedOut()).toBe(false);
    exchange.release();
  });

  it('starts aborted when the run already is', () => {
    const deadline = AbortSignal.abort(new Error('spent'));
    const exchange = exchangeSignal(60_000, deadline);
    expect([exchange.signal.aborted, exchange.signal.reason]).toEqual([true, new Error('spent')]);
    exchange.release();
  });

  it('once released, neither its timer nor the run reaches it', async () => {
    const deadline = new AbortController();
    const exchange = exchangeSignal(5, deadline.signal);
    exchange.release();
    deadline.abort();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(exchange.signal.aborted).toBe(false);
  });
});
