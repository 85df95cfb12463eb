// A list never shows the same record twice.
import type { ScenarioCheckDefinition } from '../../engine/scenario-check.ts';
import { expectStatus, itemsOf } from './scenario-helpers.ts';

const NAME = 'listConsistency';

export const listConsistency: ScenarioCheckDefinition = {
  kind: 'scenario',
  name: NAME,
  description: 'A list page holds each record once (identifiers are unique).',
  scenarios(model) {
    return model.collections.flatMap((collection) => {
      const id = collection.idProperty;
      if (!id) return [];
      return [
        {
          name: `${collection.list.operationId} holds each ${id} once`,
          check: NAME,
          operationId: collection.list.operationId,
          phase: 'read' as const,
          async run(ctx) {
            const page = collection.limit ? { [collection.limit.parameter.name]: collection.limit.maximum } : {};
            const response = await ctx.send(collection.list, { query: page });
            if (!expectStatus(ctx, response, 200, collection.list.operationId)) return;
            const seen = new Set<unknown>();
            const repeated = new Set<unknown>();
            for (const item of itemsOf(response)) (seen.has(item[id]) ? repeated : seen).add(item[id]);
            if (repeated.size) ctx.fail({ title: 'DuplicateRecords', message: `The list repeats ${id} ${[...repeated].map(String).join(', ')}.`, expected: `unique ${id}s`, actual: `${repeated.size} repeated` });
          },
        },
      ];
    });
  },
};
