// The credential is judged first. The seed: "When the key is missing or invalid, then the response is 401
// with an Error body", with no exception for a request that is also wrong otherwise. So a request with a bad
// credential AND a bad body, a parameter out of bounds or an id that does not exist gets 401, never the 400
// or 404 its other fault would earn: a server that judges those first tells strangers which ids exist and
// what its validation accepts. A path value that no route matches (`/pets/abc`) is left out: a router may
// refuse it before any operation, and so before its credential, is judged.
import type { Operation } from '../../../src/openapi/index-operations.ts';
import { effectOf } from '../../../src/openapi/request-effect.ts';
import { scenarioCheck, type CheckScenario } from '../../engine/scenario-check.ts';
import type { AuthMode, RequestSpec } from '../../engine/scenario.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { invalidBodies } from '../../schema/invalid-bodies.ts';
import { invalidParameterValues } from '../../schema/invalid-parameters.ts';
import { sampleFromSchema } from '../../schema/sample-from-schema.ts';
import { expectStatus, ownRecordFor, phaseOf } from './scenario-helpers.ts';

const CREDENTIALS: { label: string; auth: () => AuthMode }[] = [
  { label: 'no Authorization header', auth: () => 'none' },
  {
    label: 'an unknown key',
    auth: () => ({ header: `Bearer pk-conformance-unknown-${Math.random().toString(36).slice(2, 12)}` }),
  },
];

/** A second fault of the request, besides its credential. */
interface Fault {
  label: string;
  request: RequestSpec;
  /** The fault is the path's id (no such record); else a request that changes or destroys names its own record. */
  unknownId?: true;
}

export const credentialFirst = scenarioCheck({
  name: 'credentialFirst',
  description:
    'A request with a bad credential and another fault (invalid body, parameter out of bounds, unknown id) ' +
    'gets 401: the credential is judged first.',
  scenarios(model) {
    return model.operations
      .filter((operation) => operation.security.some((requirement) => Object.keys(requirement).length > 0))
      .flatMap((operation) =>
        faultsOf(model, operation).flatMap((fault) =>
          CREDENTIALS.map<CheckScenario>((credential) => ({
            name: `${operation.operationId} with ${credential.label} and ${fault.label} → 401`,
            operationId: operation.operationId,
            phase: phaseOf(effectOf(operation)),
            quickstart: operation.ownServer,
            async run(ctx) {
              // An unknown id to a DELETE (or a PUT…) is not sent: it may name a record after all (own-records.ts).
              const path = fault.unknownId
                ? fault.request.path
                : { ...fault.request.path, ...(await ownRecordFor(ctx, model, operation)) };
              const response = await ctx.send(operation, { ...fault.request, path, auth: credential.auth() });
              expectStatus(
                ctx,
                response,
                401,
                `${operation.operationId} with ${credential.label} and ${fault.label} ` +
                  'must be refused for its credential',
                response.status < 300 ? 'AuthNotEnforced' : 'CredentialNotJudgedFirst',
              );
            },
          })),
        ),
      );
  },
});

/** One request per kind of fault the operation can have: each body fault, each query parameter, an unknown id. */
function faultsOf(model: ApiModel, operation: Operation): Fault[] {
  const path: Record<string, string> = {};
  const faults: Fault[] = [];
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    const type = model.flatten(parameter.schema).type;
    // The largest id exact in JSON: valid for the schema, never assigned by a real store.
    const unknown = type === 'integer' || type === 'number' ? String(Number.MAX_SAFE_INTEGER) : 'conformance-unknown';
    path[parameter.name] = unknown;
    faults.push({
      label: `${parameter.name} ${unknown} (no such record)`,
      request: { path: { [parameter.name]: unknown } },
      unknownId: true,
    });
  }
  const valid = operation.requestBody?.schema
    ? sampleFromSchema(model.flatten(operation.requestBody.schema), { tag: 'credential-first' })
    : undefined;
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const values = invalidParameterValues(model.flatten(parameter.schema));
    // Out of bounds or outside the enum rather than of another type: the operation's own rule, not a parser's.
    const invalid = values.find((v) => /minimum|enum/.test(v.label)) ?? values.find((v) => v.value !== '');
    if (!invalid) continue;
    const query = `${encodeURIComponent(parameter.name)}=${encodeURIComponent(invalid.value)}`;
    faults.push({
      label: `${parameter.name}=${invalid.value} (${invalid.label})`,
      request: { path, query, json: valid },
    });
  }
  if (operation.requestBody) {
    const bodies = invalidBodies(model.flatten(operation.requestBody.schema), operation.requestBody.mediaTypes);
    const seen = new Set<string>();
    for (const body of bodies) {
      const kind = body.faults.join('+');
      if (seen.has(kind)) continue;
      seen.add(kind);
      faults.push({ label: body.label, request: { path, body: body.body, contentType: body.contentType } });
    }
  }
  return faults;
}
