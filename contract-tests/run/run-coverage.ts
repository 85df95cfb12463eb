// Axis 1 of coverage: which cells of the interface this run's exchanges reached, computed once after the
// run from what the report recorded (one pass over the exchanges), never by the checks as they send. A cell
// the run missed says why: its operation's scenarios skipped (a read-only run, no quickstart URL…), checks
// left out, or no request of the run produced it.
import { interfaceCells, type Cell } from '../coverage/interface-cells.ts';
import { cellReader } from '../coverage/cells-reached.ts';
import { measureCoverage } from '../coverage/measure-coverage.ts';
import { serverMounts } from '../exchange/match-operation.ts';
import { recordedBodyLength } from '../http/send.ts';
import type { Coverage, ScenarioResult } from '../types.ts';
import type { RunPlan } from './plan-run.ts';

export function runCoverage(plan: RunPlan, results: readonly ScenarioResult[], startedAt: string): Coverage {
  const { options, model } = plan;
  const read = cellReader(model, serverMounts(options.baseUrl, options.quickstartUrl));
  const reached = new Set<string>();
  for (const result of results)
    for (const { request, response } of result.exchanges) {
      const body = request.body;
      const length = body === undefined ? undefined : recordedBodyLength(body);
      for (const cell of read({
        method: request.method,
        url: request.url,
        headers: request.headers,
        ...(body !== undefined ? { body, bodyLength: length } : {}),
        ...(response ? { status: response.status } : {}),
      }))
        reached.add(cell);
    }
  const skipped = new Map<string, string>();
  for (const result of results)
    if (result.status === 'skipped' && result.reason && !skipped.has(result.operationId))
      skipped.set(result.operationId, result.reason);
  const narrowed = options.checks !== undefined || options.excludeChecks !== undefined;
  const whyMissing = (cell: Cell) => {
    const reason = skipped.get(cell.operationId);
    if (reason) return `scenarios of ${cell.operationId} were skipped: ${reason}`;
    return narrowed ? 'not sent by the checks chosen (--checks, --exclude-checks)' : 'no request of this run got it';
  };
  return measureCoverage(interfaceCells(model), reached, {
    now: new Date(startedAt),
    whyMissing,
    ...(options.minCoverage !== undefined ? { minimum: options.minCoverage } : {}),
  });
}
