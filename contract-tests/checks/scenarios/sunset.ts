import type { Operation } from '../../../src/openapi/index-operations.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import type { Observed } from '../../http/send.ts';
import { clip, statusIn } from './scenario-helpers.ts';

/** True when the operation has a removal date (`x-sunset`) and `now` is on or after it. */
export function isPastSunset(operation: Operation, now: Date): boolean {
  return operation.sunset !== undefined && now.getTime() >= Date.parse(`${operation.sunset}T00:00:00Z`);
}

/**
 * A removed operation is gone: the seed says "removed on 5 December 2030", not how a removed operation
 * answers, so 404 (no such resource) or 410 (Gone, RFC 9110 §15.5.11) keep the interface. Our overlay
 * chose 410 (it declares it): a 404 departs from that choice.
 */
export function expectGone(ctx: ScenarioContext, operation: Operation, response: Observed & { index: number }): void {
  const gone = statusIn('404 or 410', (s) => s === 404 || s === 410);
  const actual = `${response.status} ${clip(response.text)}`;
  const what = `${operation.operationId} is past its removal date ${operation.sunset}`;
  if (!gone(response.status)) {
    ctx.fail({
      title: 'UnexpectedStatus',
      message: `${what}: got ${response.status}.`,
      expected: '404 or 410',
      actual,
      exchange: response.index,
    });
    return;
  }
  const chosen = operation.responses['410'] && ctx.model.choiceFor(`${operation.pointer}/responses/410`);
  if (chosen && response.status !== 410)
    ctx.recommend({
      title: 'UnexpectedStatus',
      message: `${what}: got ${response.status}, where petstore-kit chose 410 Gone.`,
      expected: '410',
      actual,
      exchange: response.index,
      choice: chosen,
    });
}
