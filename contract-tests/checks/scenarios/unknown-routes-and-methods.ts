// Requests outside the spec: an undeclared path under a base URL should get 404, and a declared path
// with an undeclared method 405 with an `Allow` header naming the declared methods (RFC 9110 §15.5.6;
// the spec's info `x-petstore-kit-choices` states both). Gateways in front of real deployments vary,
// so those are recommendations; but a 2xx (the request was served) or a 5xx there is a failure.
// Safety: read-only runs send only GET (an undeclared path; a path that declares no GET). Otherwise
// the probe is PATCH with no body, on an id that cannot exist: even a server that wrongly routes it has
// nothing to change. Never DELETE or PUT, which a broken server could turn into lost or blanked data.
import type { Operation } from '../../../src/openapi/index-operations.ts';
import type { ScenarioCheckDefinition } from '../../engine/scenario-check.ts';
import type { FindingTitle } from '../../findings.ts';
import type { Scenario, ScenarioContext } from '../../engine/scenario.ts';
import { htmlHint } from '../../http/html-hint.ts';
import type { Observed } from '../../http/send.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { clip } from './scenario-helpers.ts';

const NAME = 'unknownRoutesAndMethods';
const UNDECLARED_PATHS = ['/petstore-kit-undeclared-route', '/petstore-kit-undeclared/route/0'];

export const unknownRoutesAndMethods: ScenarioCheckDefinition = {
  kind: 'scenario',
  name: NAME,
  description: 'An undeclared path should get 404 and an undeclared method on a declared path 405 with Allow (recommendations); a 2xx or 5xx there fails.',
  scenarios(model) {
    const scenarios: Scenario[] = [];
    for (const quickstart of [false, true]) {
      const operations = model.operations.filter((op) => op.ownServer === quickstart);
      if (!operations.length) continue;
      const templates = [...new Set(operations.map((op) => op.path))];
      const errorSchema = errorSchemaOf(operations);
      const path = UNDECLARED_PATHS.find((candidate) => !templates.some((t) => templatePattern(t).test(candidate)));
      if (path) scenarios.push(undeclaredPath(model, path, quickstart, errorSchema));
      for (const template of templates) {
        const declared = operations.filter((op) => op.path === template);
        const methods = new Set(declared.map((op) => op.method as string));
        const probe = !methods.has('GET') ? 'GET' : !methods.has('PATCH') ? 'PATCH' : undefined;
        if (probe) scenarios.push(undeclaredMethod(model, declared, probe, quickstart, errorSchema));
      }
    }
    return scenarios;
  },
};

function undeclaredPath(model: ApiModel, path: string, quickstart: boolean, errorSchema: ErrorSchema): Scenario {
  const server = quickstart ? 'the quickstart URL' : 'the base URL';
  return {
    name: `GET ${path} (no such path under ${server}) → 404 recommended, never 2xx or 5xx`,
    check: NAME,
    operationId: 'undeclared',
    phase: 'read',
    quickstart,
    async run(ctx) {
      const response = await ctx.sendUndeclared({ method: 'GET', path, quickstart });
      if (!judgeServed(ctx, response, `GET ${path}, a path the spec does not declare`, 'UndeclaredRouteServed')) return;
      if (response.status !== 404) {
        ctx.recommend({ title: 'NotFoundMissing', message: `A path the spec does not declare should get 404: got ${response.status}.`, expected: '404', actual: `${response.status} ${clip(response.text)}` });
        return;
      }
      checkErrorBody(ctx, model, response, errorSchema);
    },
  };
}

function undeclaredMethod(model: ApiModel, declared: Operation[], method: string, quickstart: boolean, errorSchema: ErrorSchema): Scenario {
  const allowed = declared.map((op) => op.method as string);
  const template = declared[0].path;
  // Path parameters get a value that names nothing: the largest exact integer, or an unlikely string.
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const type = model.flatten(declared[0].parameters.find((p) => p.in === 'path' && p.name === name)?.schema).type;
    return type === 'integer' || type === 'number' ? String(Number.MAX_SAFE_INTEGER) : 'petstore-kit-unknown';
  });
  return {
    name: `${method} ${path} (declared: ${allowed.join(', ')}) → 405 with Allow recommended, never 2xx or 5xx`,
    check: NAME,
    operationId: declared[0].operationId,
    // Only GET goes out in read-only runs; PATCH, however harmless its empty body, is a write method.
    phase: method === 'GET' ? 'read' : 'write',
    quickstart,
    async run(ctx) {
      const response = await ctx.sendUndeclared({ method, path, quickstart });
      if (!judgeServed(ctx, response, `${method} on ${template}, which declares only ${allowed.join(', ')}`, 'UndeclaredMethodServed')) return;
      if (response.status !== 405) {
        ctx.recommend({ title: 'MethodNotAllowedMissing', message: `A method the spec does not declare for ${template} should get 405 (RFC 9110 §15.5.6): got ${response.status}.`, expected: `405 with Allow: ${allowed.join(', ')}`, actual: `${response.status} ${clip(response.text)}` });
        return;
      }
      const allow = response.headers.allow;
      const listed = (allow ?? '').split(',').map((m) => m.trim().toUpperCase()).filter(Boolean);
      const missing = allowed.filter((m) => !listed.includes(m));
      if (allow === undefined) ctx.recommend({ title: 'MissingAllowHeader', message: 'A 405 must carry an Allow header listing the methods the resource supports (RFC 9110 §15.5.6).', expected: `Allow: ${allowed.join(', ')}`, actual: '(no Allow header)' });
      else if (missing.length || listed.includes(method)) ctx.recommend({ title: 'WrongAllowHeader', message: `The Allow header should list the declared methods${listed.includes(method) ? `, not ${method}` : ''}.`, expected: `Allow: ${allowed.join(', ')} (HEAD, OPTIONS may be added)`, actual: `Allow: ${allow}` });
      checkErrorBody(ctx, model, response, errorSchema);
    },
  };
}

/** Records the failures (2xx served, 5xx); returns false when one was recorded. */
function judgeServed(ctx: ScenarioContext, response: Observed & { index: number }, what: string, servedTitle: FindingTitle): boolean {
  if (response.status >= 200 && response.status < 300) {
    ctx.fail({ title: servedTitle, message: `${what} was served: got ${response.status}.`, expected: '404 or 405 (any 4xx)', actual: `${response.status} ${clip(response.text)}` });
    return false;
  }
  if (response.status >= 500) {
    ctx.fail({ title: 'ServerError', message: `${what} made the server fail: got ${response.status}.${htmlHint(response)}`, expected: '404 or 405 (any 4xx)', actual: `${response.status} ${clip(response.text)}` });
    return false;
  }
  return true;
}

type ErrorSchema = Record<string, unknown> | undefined;

/** The schema the spec gives its error responses on this server (the first 4xx schema declared). */
function errorSchemaOf(operations: Operation[]): ErrorSchema {
  for (const op of operations) {
    for (const [status, response] of Object.entries(op.responses)) if (/^4/.test(status) && response.schema) return response.schema;
  }
  return undefined;
}

/** The spec's choice: errors outside the document also use its Error body (a recommendation here). */
function checkErrorBody(ctx: ScenarioContext, model: ApiModel, response: Observed, schema: ErrorSchema): void {
  if (!schema) return;
  const validate = model.compiler.compile(schema);
  const statusField = (response.json as { status?: unknown } | undefined)?.status;
  if (!response.isJson || !validate(response.json) || (statusField !== undefined && statusField !== response.status)) {
    ctx.recommend({ title: 'NonStandardErrorBody', message: `The ${response.status} does not carry the spec's error body (with status ${response.status}), which the spec chooses for routes and methods outside it too.`, expected: "the spec's Error body", actual: clip(response.text) || '(empty body)' });
  }
}

/** `/pets/{petId}` → /^\/pets\/[^/]+$/ */
function templatePattern(template: string): RegExp {
  const source = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+');
  return new RegExp(`^${source}/?$`);
}
