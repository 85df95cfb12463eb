// The one rule for requests that must be refused. The interface says a request is invalid (its schema, its
// bounds, a fault the seed names); how the refusal is answered is stated only where the interface declares
// a 400 for that fault. So: a 2xx (served anyway) or a 5xx (the server failed) always fails, as does any
// other non-4xx; 400 is required where the interface declares it for the fault; elsewhere any 4xx refuses,
// and where the overlay chose 400 (the document in force), another 4xx departs from that choice.
import type { Operation, OperationResponse } from '../../../src/openapi/index-operations.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import type { FindingTitle } from '../../findings.ts';
import type { Observed } from '../../http/send.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { interfaceOperation } from '../../model/declared-response.ts';
import { CONDITIONS } from '../../model/kit-extensions.ts';
import type { FindingChoice } from '../../types.ts';
import { clip } from './scenario-helpers.ts';

export interface RefusalRule {
  /** 400 is the interface's answer (it declares 400 for this fault). */
  required400: boolean;
  /** Set when 400 is only our choice: the choice it departs from when another 4xx comes back. */
  chosen400?: FindingChoice;
}

/**
 * How `operation` must refuse a request with these faults (`x-conditions` words; none: any fault).
 * @example
 * refusalRule(model, listPets, ['invalid-value']); // { required400: false, chosen400: { reason: 'A limit outside 1..100 …' } }
 */
export function refusalRule(model: ApiModel, operation: Operation, faults?: readonly string[]): RefusalRule {
  const interface400 = interfaceOperation(model, operation).responses['400'];
  if (covers(interface400, faults)) return { required400: true };
  const chosen = operation.responses['400'];
  if (!chosen || !covers(chosen, faults)) return { required400: false };
  const pointer = interface400 ? `${chosen.pointer}/${CONDITIONS}` : `${operation.pointer}/responses/400`;
  return {
    required400: false,
    chosen400: model.choiceFor(pointer) ?? { pointer, reason: 'petstore-kit answers invalid input with 400.' },
  };
}

/** "400" or "4xx (petstore-kit: 400)", for scenario names. */
export function refusalLabel(rule: RefusalRule): string {
  return rule.required400 ? '400' : rule.chosen400 ? '4xx (petstore-kit: 400)' : '4xx';
}

/** Records what departs from the rule; returns true when the request was refused with a 4xx. */
export function expectRefused(
  ctx: ScenarioContext,
  rule: RefusalRule,
  response: Observed & { index: number },
  what: string,
  acceptedTitle: FindingTitle,
): boolean {
  const { status } = response;
  const actual = `${status} ${clip(response.text)}`;
  const expected = refusalLabel(rule);
  if (status >= 200 && status < 300)
    ctx.fail({
      title: acceptedTitle,
      message: `${what}, yet it was served: got ${status}.`,
      expected,
      actual,
      exchange: response.index,
    });
  else if (status >= 500)
    ctx.fail({
      title: 'ServerError',
      message: `${what}: the server failed (${status}) instead of refusing it.`,
      expected,
      actual,
      exchange: response.index,
    });
  else if (status < 400)
    ctx.fail({
      title: 'UnexpectedStatus',
      message: `${what}: got ${status}, not a refusal.`,
      expected,
      actual,
      exchange: response.index,
    });
  else if (rule.required400 && status !== 400)
    ctx.fail({
      title: 'UnexpectedStatus',
      message: `${what}; the interface declares 400 for it: got ${status}.`,
      expected: '400',
      actual,
      exchange: response.index,
    });
  else if (rule.chosen400 && status !== 400) {
    ctx.recommend({
      title: 'UnexpectedStatus',
      message: `${what}: refused with ${status}, where petstore-kit chose 400.`,
      expected: '400',
      actual,
      exchange: response.index,
      choice: rule.chosen400,
    });
  }
  return status >= 400 && status < 500;
}

/** A declared 400 covers a fault unless its `x-conditions` lists the faults it is for and none of these. */
function covers(response: OperationResponse | undefined, faults: readonly string[] | undefined): boolean {
  if (!response) return false;
  const conditions = response.extensions[CONDITIONS];
  return !faults || !Array.isArray(conditions) || faults.some((fault) => conditions.includes(fault));
}
