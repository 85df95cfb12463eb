// /rules: add, list and remove rules (src/core/rules), with the conventions of /faults. Bodies are validated by
// the rule schema.
import { errorResponse } from '../errors.ts';
import { jsonResponse } from '../http/json-response.ts';
import { RuleInputError } from '../rules/rule-registry.ts';
import type { AdminRoutes } from './admin-api.ts';
import { readJsonBody } from './json-body.ts';

export const RULE_ROUTES: AdminRoutes = {
  '/rules': {
    GET: ({ rules }) => jsonResponse(200, JSON.stringify(rules.list())),
    POST: ({ rules, request }) => {
      const input = readJsonBody(request);
      if (!input.ok) return input.response;
      try {
        return jsonResponse(201, JSON.stringify(rules.add(input.value)));
      } catch (error) {
        if (!(error instanceof RuleInputError)) throw error;
        return errorResponse('VALIDATION_FAILED', { message: error.message, issues: error.issues });
      }
    },
    DELETE: ({ rules }) => {
      const removed = rules.size;
      rules.clear();
      return jsonResponse(200, JSON.stringify({ removed }));
    },
  },
  '/rules/:id': {
    DELETE: ({ rules }, id = '') => {
      if (rules.remove(id)) return jsonResponse(200, JSON.stringify({ removed: 1 }));
      return errorResponse('NOT_FOUND', {
        message: `No rule has the id ${JSON.stringify(id.slice(0, 50))}. GET /__admin/rules lists them.`,
      });
    },
  },
};
