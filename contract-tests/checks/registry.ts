// Every check, by name. Scenario checks derive scenarios from the spec; response checks run on every
// response of every scenario. `--checks` / `--exclude-checks` select from these names.
import type { CheckDefinition } from '../engine/scenario-check.ts';
import { contentTypeConformance } from './response/content-type-conformance.ts';
import { deprecationHeaders } from './response/deprecation-headers.ts';
import { errorStatusConsistency } from './response/error-status-consistency.ts';
import { responseHeaderConformance } from './response/response-header-conformance.ts';
import { responseSchemaConformance } from './response/response-schema-conformance.ts';
import { statusCodeConformance } from './response/status-code-conformance.ts';
import { acceptVariants } from './scenarios/accept-variants.ts';
import { authRequired } from './scenarios/auth-required.ts';
import { credentialFirst } from './scenarios/credential-first.ts';
import { createThenList } from './scenarios/create-then-list.ts';
import { createThenRead } from './scenarios/create-then-read.ts';
import { deprecation } from './scenarios/deprecation.ts';
import { fieldEdges } from './scenarios/field-edges.ts';
import { invalidBodyRejected } from './scenarios/invalid-body-rejected.ts';
import { invalidParameterRejected } from './scenarios/invalid-parameter-rejected.ts';
import { limitBounds } from './scenarios/limit-bounds.ts';
import { listConsistency } from './scenarios/list-consistency.ts';
import { parameterCombinations } from './scenarios/parameter-combinations.ts';
import { payloadTooLarge } from './scenarios/payload-too-large.ts';
import { quickstartMessage } from './scenarios/quickstart-message.ts';
import { repeatedParameterRejected } from './scenarios/repeated-parameter-rejected.ts';
import { statusFilter } from './scenarios/status-filter.ts';
import { unknownIdNotFound } from './scenarios/unknown-id-not-found.ts';
import { unknownRoutesAndMethods } from './scenarios/unknown-routes-and-methods.ts';
import { versionInBaseUrl } from './scenarios/version-in-base-url.ts';
import { unlistedRequests } from './scenarios/unlisted-requests.ts';
import { jsonMediaTypes } from './scenarios/json-media-types.ts';
import { chunkedRequestBodies } from './scenarios/chunked-request-bodies.ts';
import { messageFraming } from './scenarios/message-framing.ts';
import { generatedRequests } from './scenarios/generated-requests.ts';
import { stateOverTime } from './scenarios/state-over-time.ts';
import { KitError } from '../../src/shared/kit-error.ts';

/** All checks, scenario checks first, in report order. */
export const CHECKS: readonly CheckDefinition[] = [
  authRequired,
  credentialFirst,
  invalidBodyRejected,
  payloadTooLarge,
  invalidParameterRejected,
  repeatedParameterRejected,
  unknownIdNotFound,
  unknownRoutesAndMethods,
  limitBounds,
  statusFilter,
  parameterCombinations,
  acceptVariants,
  listConsistency,
  deprecation,
  createThenRead,
  createThenList,
  fieldEdges,
  quickstartMessage,
  versionInBaseUrl,
  unlistedRequests,
  jsonMediaTypes,
  chunkedRequestBodies,
  messageFraming,
  generatedRequests,
  stateOverTime,
  {
    kind: 'response',
    name: 'statusCodeConformance',
    description: 'Every status code is declared by the spec for the operation (no undeclared codes, no 5xx).',
    check: statusCodeConformance,
  },
  {
    kind: 'response',
    name: 'contentTypeConformance',
    description: 'Every response with a body is sent as application/json.',
    check: contentTypeConformance,
  },
  {
    kind: 'response',
    name: 'responseSchemaConformance',
    description: "Every body validates against the spec's schema for its operation and status.",
    check: responseSchemaConformance,
  },
  {
    kind: 'response',
    name: 'errorStatusConsistency',
    description: "An Error body's status equals the HTTP status.",
    check: errorStatusConsistency,
  },
  {
    kind: 'response',
    name: 'responseHeaderConformance',
    description:
      "Declared response headers are present (else a recommendation) and valid; a 401 challenge names the spec's scheme.",
    check: responseHeaderConformance,
  },
  {
    kind: 'response',
    name: 'deprecationHeaders',
    description:
      "No Deprecation or Sunset header on an operation that is not deprecated. A deprecated operation's Sunset header names x-sunset and its Deprecation header x-deprecation-date; absent headers are recommendations.",
    check: deprecationHeaders,
  },
];

export const CHECK_NAMES: readonly string[] = CHECKS.map((check) => check.name);

export interface CheckSelection {
  /** Checks whose findings count. */
  active: Set<string>;
  /** Scenario checks whose scenarios run (all of them when only response checks were chosen). */
  drivers: Set<string>;
}

/**
 * Resolves `--checks` / `--exclude-checks` among the `available` checks (the built-in ones, plus a user's
 * own `extraChecks`). Unknown names throw (a usage error). Choosing only response checks still runs every
 * scenario, as the traffic they judge, with only those checks' findings kept.
 */
export function selectChecks(
  checks?: string[],
  excludeChecks?: string[],
  available: readonly CheckDefinition<string>[] = CHECKS,
): CheckSelection {
  const names = available.map((check) => check.name);
  const unknown = [...(checks ?? []), ...(excludeChecks ?? [])].filter((name) => !names.includes(name));
  if (unknown.length) {
    throw new KitError(
      'select checks',
      `unknown check ${unknown.map((n) => `'${n}'`).join(', ')}`,
      `Known checks: ${names.join(', ')}.`,
    );
  }
  const chosen = new Set(checks?.length ? checks : names);
  for (const name of excludeChecks ?? []) chosen.delete(name);
  const scenarioChecks = available.filter((c) => c.kind === 'scenario').map((c) => c.name);
  const chosenScenarioChecks = scenarioChecks.filter((name) => chosen.has(name));
  const onlyResponseChecks = checks?.length && chosenScenarioChecks.length === 0;
  const drivers = new Set(
    onlyResponseChecks ? scenarioChecks.filter((name) => !excludeChecks?.includes(name)) : chosenScenarioChecks,
  );
  return { active: chosen, drivers };
}
