// Stateful: a created record gets an identifier, echoes what was sent, and reads back the same.
import type { ScenarioCheckDefinition } from '../../engine/scenario-check.ts';
import type { Scenario } from '../../engine/scenario.ts';
import { createItem, expectStatus, fieldDifferences, newItemBody } from './scenario-helpers.ts';
import { isPastSunset } from './sunset.ts';

const NAME = 'createThenRead';

export const createThenRead: ScenarioCheckDefinition = {
  kind: 'scenario',
  name: NAME,
  description: 'A created record gets an id, echoes the fields sent, and is returned by the read operation with the same fields; two records get distinct ids.',
  scenarios(model) {
    return model.collections.flatMap((collection) => {
      const { create, read, idProperty, readParameter } = collection;
      if (!create || !idProperty) return [];
      const schema = model.flatten(create.requestBody?.schema);
      const enumFields = Object.entries(schema.properties).filter(([, p]) => p.enum?.length);
      const variants: { label: string; overrides: Record<string, unknown>; optional: boolean; contentType?: string }[] = [
        ...enumFields.flatMap(([field, property]) => property.enum!.map((value) => ({ label: `${field} ${String(value)}`, overrides: { [field]: value }, optional: true }))),
        { label: 'only the required fields (Content-Type with charset)', overrides: {}, optional: false, contentType: 'application/json; charset=utf-8' },
      ];
      const scenarios: Scenario[] = variants.map((variant) => ({
        name: `${create.operationId} with ${variant.label}, then ${read?.operationId ?? 'read'} returns it`,
        check: NAME,
        operationId: create.operationId,
        phase: 'write',
        async run(ctx) {
          const body = newItemBody(ctx, collection, variant.overrides, variant.optional);
          const response = await ctx.send(create, { json: body, contentType: variant.contentType });
          if (!expectStatus(ctx, response, (s) => s >= 200 && s < 300, `${create.operationId} with a valid body`, 'CreateRejected')) return;
          const created = (typeof response.json === 'object' && response.json) as Record<string, unknown> | false;
          if (!created) return; // the schema check reports the body
          const id = created[idProperty];
          if (typeof id !== 'number' && typeof id !== 'string') return ctx.fail({ title: 'NoIdAssigned', message: `The created record has no usable ${idProperty}.`, expected: `${idProperty} assigned by the service`, actual: response.text });
          const echoed = fieldDifferences(body, created);
          if (echoed.length) ctx.fail({ title: 'CreatedDiffersFromRequest', message: `The created record does not carry what was sent: ${echoed.join('; ')}.`, expected: JSON.stringify(body), actual: response.text });
          const location = response.headers.location;
          if (location !== undefined && !location.replace(/\/+$/, '').endsWith(`/${String(id)}`)) {
            ctx.recommend({ title: 'LocationMismatch', message: `Location does not point to the created record (${idProperty} ${String(id)}).`, expected: `…/${String(id)}`, actual: location });
          }
          if (!read || !readParameter || isPastSunset(read, ctx.now)) return;
          const readBack = await ctx.send(read, { path: { [readParameter]: String(id) } });
          if (!expectStatus(ctx, readBack, 200, `${read.operationId} of the just-created ${idProperty} ${String(id)}`, 'CreatedNotReadable')) return;
          const differences = typeof readBack.json === 'object' && readBack.json ? fieldDifferences(created, readBack.json as Record<string, unknown>) : ['no record'];
          if (differences.length) ctx.fail({ title: 'ReadDiffersFromCreated', message: `${read.operationId} returns the record otherwise than it was created: ${differences.join('; ')}.`, expected: response.text, actual: readBack.text });
        },
      }));
      scenarios.push({
        name: `${create.operationId} twice gives two distinct ${idProperty}s`,
        check: NAME,
        operationId: create.operationId,
        phase: 'write',
        async run(ctx) {
          const [a, b] = await Promise.all([createItem(ctx, collection, newItemBody(ctx, collection)), createItem(ctx, collection, newItemBody(ctx, collection))]);
          if (a && b && a[idProperty] === b[idProperty]) {
            ctx.fail({ title: 'DuplicateId', message: `Two created records share ${idProperty} ${JSON.stringify(a[idProperty])}.`, expected: 'distinct ids', actual: `${JSON.stringify(a[idProperty])} twice` });
          }
        },
      });
      return scenarios;
    });
  },
};
