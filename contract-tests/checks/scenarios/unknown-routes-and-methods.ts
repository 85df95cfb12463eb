// Requests outside the document: the interface says nothing of them, so only a 5xx fails (nothing a
// client sends may make the server fail). Serving them (a 2xx) is not forbidden by the interface, and
// 404 for an undeclared path, 405 with an `Allow` header naming the declared methods for an undeclared
// method (RFC 9110 §15.5.6), both with the Error body, are our overlay's choice (`info`
// `x-petstore-kit-outside-the-document`): any departure recommends, and fails only when choices bind. What
// HTTP itself requires fails under every profile: a 5xx, and a 405 without `Allow` (a MUST of §15.5.6).
// Safety: read-only runs send only GET (an undeclared path; a path that declares no GET). Otherwise
// the probe is PATCH with no body, on an id that cannot exist: even a server that wrongly routes it has
// nothing to change. Never DELETE or PUT, which a broken server could turn into lost or blanked data.
import type { Operation } from '../../../src/openapi/index-operations.ts';
import { requestEffect } from '../../../src/openapi/request-effect.ts';
import { scenarioCheck, type CheckScenario } from '../../engine/scenario-check.ts';
import type { FindingTitle } from '../../findings.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import { htmlHint } from '../../http/html-hint.ts';
import type { Observed } from '../../http/send.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { OUTSIDE_THE_DOCUMENT } from '../../model/kit-extensions.ts';
import { clip, phaseOf } from './scenario-helpers.ts';
import { fillTemplate, templateParts } from '../../../src/openapi/fill-template.ts';
import { escapeRegExp } from '../../../src/shared/escape-reg-exp.ts';
import { allowMissing } from '../http-requirements.ts';

const UNDECLARED_PATHS = ['/petstore-kit-undeclared-route', '/petstore-kit-undeclared/route/0'];

export const unknownRoutesAndMethods = scenarioCheck({
  name: 'unknownRoutesAndMethods',
  description:
    'An undeclared path or method never gets a 5xx; 404, and 405 with Allow, are recommended (petstore-kit: both, with the Error body).',
  scenarios(model) {
    const scenarios: CheckScenario[] = [];
    for (const quickstart of [false, true]) {
      const operations = model.operations.filter((op) => op.ownServer === quickstart);
      if (!operations.length) continue;
      const templates = [...new Set(operations.map((op) => op.path))];
      const errorSchema = errorSchemaOf(model, operations);
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
});

function undeclaredPath(model: ApiModel, path: string, quickstart: boolean, errorSchema: ErrorSchema): CheckScenario {
  const server = quickstart ? 'the quickstart URL' : 'the base URL';
  return {
    name: `GET ${path} (no such path under ${server}) → no 5xx, 404 recommended`,
    operationId: 'undeclared',
    phase: 'read',
    quickstart,
    async run(ctx) {
      const response = await ctx.sendUndeclared({ method: 'GET', path, quickstart });
      const choice = ctx.model.choiceFor(OUTSIDE_THE_DOCUMENT);
      if (!judgeServed(ctx, response, `GET ${path}, a path the document does not declare`, 'UndeclaredRouteServed'))
        return;
      if (response.status !== 404) {
        ctx.recommend({
          title: 'NotFoundMissing',
          message: `A path the document does not declare should get 404: got ${response.status}.`,
          expected: '404',
          actual: `${response.status} ${clip(response.text)}`,
          choice,
        });
        return;
      }
      checkErrorBody(ctx, model, response, errorSchema);
    },
  };
}

function undeclaredMethod(
  model: ApiModel,
  declared: Operation[],
  method: string,
  quickstart: boolean,
  errorSchema: ErrorSchema,
): CheckScenario {
  const allowed = declared.map((op) => op.method as string);
  const template = declared[0].path;
  // Path parameters get a value that names nothing: the largest exact integer, or an unlikely string.
  const path = fillTemplate(template, (name: string) => {
    const type = model.flatten(declared[0].parameters.find((p) => p.in === 'path' && p.name === name)?.schema).type;
    return type === 'integer' || type === 'number' ? String(Number.MAX_SAFE_INTEGER) : 'petstore-kit-unknown';
  });
  return {
    name: `${method} ${path} (declared: ${allowed.join(', ')}) → no 5xx, 405 with Allow recommended`,
    operationId: declared[0].operationId,
    // Read-only runs send only safe requests; PATCH, however harmless its empty body, changes data.
    phase: phaseOf(requestEffect(method)),
    quickstart,
    async run(ctx) {
      const response = await ctx.sendUndeclared({ method, path, quickstart });
      const choice = ctx.model.choiceFor(OUTSIDE_THE_DOCUMENT);
      if (
        !judgeServed(
          ctx,
          response,
          `${method} on ${template}, which declares only ${allowed.join(', ')}`,
          'UndeclaredMethodServed',
        )
      )
        return;
      if (response.status !== 405) {
        const message = `A method the document does not declare for ${template} should get 405 (RFC 9110 §15.5.6): got ${response.status}.`;
        ctx.recommend({
          title: 'MethodNotAllowedMissing',
          message,
          expected: `405 with Allow: ${allowed.join(', ')}`,
          actual: `${response.status} ${clip(response.text)}`,
          choice,
        });
        return;
      }
      const allow = response.headers.allow;
      const listed = (allow ?? '')
        .split(',')
        .map((m) => m.trim().toUpperCase())
        .filter(Boolean);
      const missing = allowed.filter((m) => !listed.includes(m));
      const noAllow = allowMissing(response, `${method} ${path}`, allowed);
      // Whatever the choices: a 405 without Allow breaks HTTP itself (http-requirements.ts).
      if (noAllow) ctx.fail(noAllow);
      else if (missing.length || listed.includes(method)) {
        const message = `The Allow header should list the declared methods${listed.includes(method) ? `, not ${method}` : ''}.`;
        ctx.recommend({
          title: 'WrongAllowHeader',
          message,
          expected: `Allow: ${allowed.join(', ')} (HEAD, OPTIONS may be added)`,
          actual: `Allow: ${allow}`,
          choice,
        });
      }
      checkErrorBody(ctx, model, response, errorSchema);
    },
  };
}

/** Records a 5xx (a failure) or a 2xx (served: departs from our choice); returns false when one was recorded. */
function judgeServed(
  ctx: ScenarioContext,
  response: Observed & { index: number },
  what: string,
  servedTitle: FindingTitle,
): boolean {
  if (response.status >= 200 && response.status < 300) {
    const message = `${what} was served: got ${response.status}. The interface does not forbid it; petstore-kit refuses it.`;
    ctx.recommend({
      title: servedTitle,
      message,
      expected: '404 or 405 (any 4xx)',
      actual: `${response.status} ${clip(response.text)}`,
      choice: ctx.model.choiceFor(OUTSIDE_THE_DOCUMENT),
    });
    return false;
  }
  if (response.status >= 500) {
    ctx.fail({
      title: 'ServerError',
      message: `${what} made the server fail: got ${response.status}.${htmlHint(response)}`,
      expected: '404 or 405 (any 4xx)',
      actual: `${response.status} ${clip(response.text)}`,
    });
    return false;
  }
  return true;
}

type ErrorSchema = Record<string, unknown> | undefined;

/** The schema the interface gives its error responses on this server (the first 4xx schema declared). */
function errorSchemaOf(model: ApiModel, operations: Operation[]): ErrorSchema {
  for (const op of operations.map((operation) => model.base.operationAt(operation.pointer) ?? operation)) {
    for (const [status, response] of Object.entries(op.responses))
      if (/^4/.test(status) && response.schema) return response.schema;
  }
  return undefined;
}

/** Our choice: errors outside the document also carry the Error body (a gateway's own page is common there). */
function checkErrorBody(ctx: ScenarioContext, model: ApiModel, response: Observed, schema: ErrorSchema): void {
  if (!schema) return;
  const validate = model.base.compiler.compile(schema);
  const statusField = (response.json as { status?: unknown } | undefined)?.status;
  if (!response.isJson || !validate(response.json) || (statusField !== undefined && statusField !== response.status)) {
    const message = `The ${response.status} does not carry the Error body (with status ${response.status}), which petstore-kit uses outside the document too.`;
    ctx.recommend({
      title: 'NonStandardErrorBody',
      message,
      expected: 'the Error body',
      actual: clip(response.text) || '(empty body)',
      choice: model.choiceFor(OUTSIDE_THE_DOCUMENT),
    });
  }
}

/** `/pets/{petId}` → /^\/pets\/[^/]+$/ */
function templatePattern(template: string): RegExp {
  const source = templateParts(template)
    .map((part, i) => (i % 2 === 1 ? '[^/]+' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${source}/?$`);
}
