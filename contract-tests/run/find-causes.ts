// When many findings share one cause, the report says so first, in one line each: a key the target
// rejects on every request, a base URL that serves none of the operations, scenarios skipped for want of
// a flag. Read from what was sent and answered, before the report is redacted.
import type { OpenApiDocument } from '../../src/openapi/openapi-document.ts';
import type { Exchange, ScenarioResult } from '../types.ts';
import type { RunPlan } from './plan-run.ts';
import { withoutTrailingSlashes } from '../../src/shared/trailing-slashes.ts';
import { fillTemplate } from '../../src/openapi/fill-template.ts';

/** Fewer answered requests than this say too little to name a cause for all of them. */
const MIN_EVIDENCE = 3;

/** The check whose requests go to paths outside the interface on purpose (404 is their right answer). */
const OUTSIDE_THE_INTERFACE = 'unknownRoutesAndMethods';

const REFUSALS = [401, 403];

/**
 * The key is refused when nothing that carried it was served and nearly all of it was refused: a few other
 * answers (a body too large judged before the key, 404/405 outside the interface) do not hide the cause.
 */
function keyRefused(withKey: { response: { status: number } }[]): boolean {
  if (withKey.length < MIN_EVIDENCE || withKey.some((e) => e.response.status < 300)) return false;
  return withKey.filter((e) => REFUSALS.includes(e.response.status)).length >= 0.8 * withKey.length;
}

export function findCauses(plan: RunPlan, results: ScenarioResult[]): string[] {
  const { baseUrl, apiKey } = plan.options;
  const answered = results
    .filter((r) => r.check !== OUTSIDE_THE_INTERFACE)
    .flatMap((r) => r.exchanges)
    .filter((e): e is Exchange & { response: NonNullable<Exchange['response']> } => e.response !== undefined);
  const causes: string[] = [];
  const toApi = answered.filter((e) => e.request.url.startsWith(withoutTrailingSlashes(baseUrl)));
  const withKey = toApi.filter((e) => e.request.headers.authorization === `Bearer ${apiKey}`);
  if (toApi.length >= MIN_EVIDENCE && toApi.every((e) => e.response.status === 404)) {
    causes.push(
      `${baseUrl} serves none of the operations: all ${toApi.length} requests to it were answered 404, so ` +
        `every failure below may come from the base URL.${versionHint(baseUrl, plan.model.document)}`,
    );
  } else if (keyRefused(withKey)) {
    const refused = withKey.filter((e) => REFUSALS.includes(e.response.status));
    const statuses = [...new Set(refused.map((e) => e.response.status))].join('/');
    causes.push(
      `The target rejected the key: no request that carried it was served (${refused.length} of ${withKey.length} ` +
        `answered ${statuses}), so most failures below follow from it. Check --api-key (or PETSTORE_API_KEY): ` +
        'is it a key this deployment accepts?',
    );
  }
  const skipped = new Map<string, number>();
  for (const { skip } of plan.scenarios) if (skip !== undefined) skipped.set(skip, (skipped.get(skip) ?? 0) + 1);
  for (const [reason, count] of skipped) causes.push(`${count} scenario(s) skipped: ${reason}.`);
  return causes;
}

/** The interface's server path (`/v1`) when the base URL does not end with it: the likely missing segment. */
function versionHint(baseUrl: string, document: OpenApiDocument): string {
  const server = document.servers?.[0];
  if (!server) return '';
  const url = fillTemplate(server.url, (name: string) => server.variables?.[name]?.default ?? '');
  let path: string;
  try {
    path = withoutTrailingSlashes(new URL(url).pathname);
  } catch {
    return '';
  }
  if (!path || withoutTrailingSlashes(new URL(baseUrl).pathname).endsWith(path)) return '';
  return ` The interface's server path ends with ${path}: try --base-url ${withoutTrailingSlashes(baseUrl)}${path}`;
}
