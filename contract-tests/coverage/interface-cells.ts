// The cells of the interface: every class of request and answer the document allows, derived from it and
// never listed by hand, so a new status, parameter or field is a new cell. One operation's cells run along
// four lines, each on its own (not their product: limit-above × 401 × missing name would be thousands of
// cells, most of which no server distinguishes): each declared status; each class of each parameter (an
// integer with bounds: absent, the minimum, the maximum, below, above, not an integer; an enum: each value
// and an invalid one); the credential (none, wrong, valid); the JSON body (valid, each required field
// missing, each field of the wrong type, over the size limit when the document states one). A cell that
// exists only because our overlay wrote it (a status the seed does not declare, the size limit) carries the
// choice; one no request can produce (a change the server could not save) or only after a date says so.
import type { Operation } from '../../src/openapi/index-operations.ts';
import type { ApiModel } from '../model/api-model.ts';
import { CONDITIONS, MAX_BODY_BYTES, pointerToken, STORAGE_FAILED } from '../model/kit-extensions.ts';
import type { FlatSchema } from '../schema/flatten-schema.ts';
import type { FindingChoice } from '../types.ts';

/** The four lines an operation's cells run along. */
export type CellAxis = 'status' | 'parameter' | 'credential' | 'body';

export interface Cell {
  /** Stable and readable: `listPets answer 400`, `listPets limit: above`, `createPet body: missing name`. */
  id: string;
  operationId: string;
  axis: CellAxis;
  /** The status key, the parameter's name, `credential` or `body`. */
  subject: string;
  /** The class within the subject: `above`, `"sold"`, `none`, `missing name`; for a status, its key. */
  value: string;
  /** Set when the cell exists only because of the overlay's choice (the part of the document it wrote). */
  choice?: FindingChoice;
  /** Set when no request alone can produce the cell, with why (it is then left out of the percentage). */
  unreachable?: string;
  /** Set when the cell can be produced only on or after this date (YYYY-MM-DD): a removed operation's answer. */
  after?: string;
}

/** The credential's classes, judged by the answer: a Bearer token the server refused (401) is wrong. */
export const CREDENTIAL_CLASSES = ['none', 'wrong', 'valid'] as const;

/**
 * Every cell of every operation of the model's document, in document order.
 *
 * @example
 * interfaceCells(await bundledModel()).find((cell) => cell.id === 'listPets limit: above');
 */
export function interfaceCells(model: ApiModel): Cell[] {
  return model.operations.flatMap((operation) => operationCells(model, operation));
}

function operationCells(model: ApiModel, operation: Operation): Cell[] {
  const cell = (axis: CellAxis, subject: string, value: string, extra: Partial<Cell> = {}): Cell => ({
    id: `${operation.operationId} ${axis === 'status' ? `answer ${value}` : `${subject}: ${value}`}`,
    operationId: operation.operationId,
    axis,
    subject,
    value,
    ...extra,
  });
  const cells: Cell[] = [];
  for (const [key, response] of Object.entries(operation.responses)) {
    const choice = statusChoice(model, operation, key);
    const conditions = response.extensions[CONDITIONS];
    const unreachable =
      Array.isArray(conditions) && conditions.includes(STORAGE_FAILED)
        ? 'only a change the server could not save gets it (x-conditions: storage-failed)'
        : undefined;
    const after = key === '410' && operation.sunset ? operation.sunset : undefined;
    cells.push(
      cell('status', key, key, {
        ...(choice && { choice }),
        ...(unreachable && { unreachable }),
        ...(after && { after }),
      }),
    );
  }
  for (const parameter of operation.parameters.filter((p) => p.in === 'query' || p.in === 'path')) {
    const classes = parameterClasses(model.flatten(parameter.schema), parameter.required === true);
    for (const value of classes) cells.push(cell('parameter', parameter.name, value));
  }
  if (operation.security.some((requirement) => Object.keys(requirement).length > 0))
    for (const value of CREDENTIAL_CLASSES) cells.push(cell('credential', 'credential', value));
  const body = operation.requestBody;
  if (body?.schema) {
    const shape = model.flatten(body.schema);
    cells.push(cell('body', 'body', 'valid'));
    for (const field of shape.required) cells.push(cell('body', 'body', `missing ${field}`));
    for (const [field, schema] of Object.entries(shape.properties))
      if (schema.type) cells.push(cell('body', 'body', `wrong type ${field}`));
    const limit = maxBodyBytes(operation);
    if (limit !== undefined) {
      const choice = statusChoice(model, operation, limit.key);
      cells.push(cell('body', 'body', 'over the size limit', choice ? { choice } : {}));
    }
  }
  return cells;
}

/**
 * The classes of one parameter's values, from its schema: `absent` when it is optional; for an integer, the
 * bounds the schema states and what lies beyond them (`minimum`, `maximum`, `below`, `above`), `integer`
 * when it states none, and `not an integer`; for an enumeration each value quoted and `invalid`; else `given`.
 */
export function parameterClasses(schema: FlatSchema, required: boolean): string[] {
  const classes = required ? [] : ['absent'];
  if (schema.enum) return [...classes, ...schema.enum.map((value) => JSON.stringify(value)), 'invalid'];
  if (schema.type === 'integer') {
    const bounded = [
      ...(schema.minimum !== undefined ? ['minimum', 'below'] : []),
      ...(schema.maximum !== undefined ? ['maximum', 'above'] : []),
    ];
    return [...classes, ...(bounded.length ? bounded : ['integer']), 'not an integer'];
  }
  return [...classes, 'given'];
}

/** The operation's 413 that states the largest body (`x-max-body-bytes`), if it declares one. */
export function maxBodyBytes(operation: Operation): { key: string; bytes: number } | undefined {
  for (const [key, response] of Object.entries(operation.responses)) {
    const bytes = response.extensions[MAX_BODY_BYTES];
    if (typeof bytes === 'number') return { key, bytes };
  }
  return undefined;
}

/** The choice that declared a status the interface does not: the part of the document the overlay wrote. */
function statusChoice(model: ApiModel, operation: Operation, key: string): FindingChoice | undefined {
  const base = model.base.operationAt(operation.pointer);
  if (base?.responses[key] && !(MAX_BODY_BYTES in operation.responses[key].extensions)) return undefined;
  return model.choiceFor(`${operation.pointer}/responses/${pointerToken(key)}`);
}
