import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import { issuesFromAjv } from '../../../src/openapi/issue.ts';
import { resolveRef } from '../../../src/openapi/resolve-ref.ts';
import type { SchemaCompiler } from '../../../src/openapi/schema-compiler.ts';
import type { Operation } from '../../../src/openapi/index-operations.ts';
import type { ResponseCheckInput, ResponseFinding } from '../../engine/response-check.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { declaredFor, interfaceErrorSchema } from '../../model/declared-response.ts';
import { ERROR_CODES, pointerToken } from '../../model/kit-extensions.ts';
import type { FindingChoice } from '../../types.ts';

type Schema = Record<string, unknown>;
/** One validation error, as the schema compiler reports it (Ajv's ErrorObject). */
type ErrorObject = NonNullable<ReturnType<SchemaCompiler['compile']>['errors']>[number];

/**
 * The body validates against the interface's schema for the operation and status, and any error response
 * against the interface's Error (the seed: "Error responses carry the Error body"): a failure otherwise.
 * Then, when the overlay declares the response otherwise (a Message with all four fields, an `issues` list
 * of its shape, our error codes), against the document in force: a departure from that choice.
 * Fields the schemas do not define are allowed (OpenAPI 3.0 objects are open unless they say otherwise).
 */
export function responseSchemaConformance({ model, operation, response }: ResponseCheckInput): ResponseFinding[] {
  const { base, full } = declaredFor(model, operation, response.status);
  const isError = response.status >= 400;
  const interfaceSchema = base?.response.schema ?? (isError ? interfaceErrorSchema(model, operation) : undefined);
  const where = `The ${response.status} response of ${operation.operationId}`;
  if (interfaceSchema) {
    const failures = judge(model.base.compiler, interfaceSchema, response, where);
    if (failures.length) return failures;
  }
  const chosen = full && full.response.schema !== base?.response.schema ? full.response.schema : undefined;
  const findings: ResponseFinding[] = [];
  if (chosen) {
    const fallback = `${operation.pointer}/responses/${pointerToken(full!.key)}`;
    findings.push(
      ...judge(model.compiler, chosen, response, where, (errors) =>
        choiceOf(model, errors, fallback, full!.response.pointer),
      ),
    );
  }
  if (isError && !findings.length)
    findings.push(...unlistedCode(model, operation, chosen ?? interfaceSchema, response.json, where));
  return findings;
}

/** The body against one schema; `choiceFor` marks the findings as departures from a choice. */
function judge(
  compiler: SchemaCompiler,
  schema: Schema,
  response: ResponseCheckInput['response'],
  where: string,
  choiceFor?: (errors: ErrorObject[]) => FindingChoice,
): ResponseFinding[] {
  const choice = (errors: ErrorObject[] = []) => (choiceFor ? { choice: choiceFor(errors) } : {});
  if (response.text.trim() === '')
    return [
      {
        title: 'MissingBody',
        message: `${where} has no body.`,
        expected: 'a JSON body matching the schema',
        actual: 'empty body',
        ...choice(),
      },
    ];
  if (!response.isJson) {
    const broken = whereJsonBreaks(response.text);
    return [
      {
        title: 'InvalidJson',
        message: `${where} is not valid JSON: ${broken.reason}, at character ${broken.offset} of ${response.text.length}.`,
        expected: 'a JSON body matching the schema',
        actual: broken.excerpt,
        ...choice(),
      },
    ];
  }
  const validate = compiler.compile(schema);
  if (validate(response.json)) return [];
  const errors = validate.errors ?? [];
  const issues = issuesFromAjv('body', errors).map((issue) => issue.message.replace(/^body field/, 'field'));
  const message = `${where} does not match its schema${choiceFor ? ' as petstore-kit chose it' : ''}: ${[...new Set(issues)].join('; ')}.`;
  return [
    { title: 'SchemaViolation', message, expected: schemaName(schema), actual: clip(response.text), ...choice(errors) },
  ];
}

/** The choice that wrote the schema part the body breaks (Ajv's schemaPath is a pointer into the document). */
function choiceOf(model: ApiModel, errors: ErrorObject[], ...fallbacks: string[]): FindingChoice {
  for (const error of errors) {
    const pointer = /^[^#]*#(\/.*)$/.exec(error.schemaPath)?.[1];
    const choice = pointer && error.schemaPath.startsWith('openapi.json#') ? model.choiceFor(pointer) : undefined;
    if (choice) return choice;
  }
  for (const pointer of fallbacks) {
    const choice = model.choiceFor(pointer);
    if (choice) return choice;
  }
  return {
    pointer: fallbacks[0],
    reason: "petstore-kit's choices declare this response otherwise than the interface.",
  };
}

/** Our choice of error codes: an Error's `code` is one of those the document in force lists. */
function unlistedCode(
  model: ApiModel,
  operation: Operation,
  schema: Schema | undefined,
  body: unknown,
  where: string,
): ResponseFinding[] {
  const code = (body as { code?: unknown } | undefined)?.code;
  if (!schema || typeof code !== 'string' || typeof schema.$ref !== 'string') return [];
  const resolved = resolveRef<Schema>(model.document, schema);
  const listed = (resolved.properties as Record<string, Schema> | undefined)?.code?.[ERROR_CODES];
  if (!Array.isArray(listed) || listed.includes(code)) return [];
  const choice = model.choiceFor(`${schema.$ref.slice(1)}/properties/code/${ERROR_CODES}`);
  if (!choice) return [];
  return [
    {
      title: 'UnknownErrorCode',
      message: `${where} carries the code ${stringifyJsonExact(code)}, not one of the codes petstore-kit chose for ${operation.operationId}.`,
      expected: listed.join(', '),
      actual: code,
      choice,
    },
  ];
}

function schemaName(schema: Schema): string {
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  return ref ? `a body matching ${ref.replace('#/components/schemas/', '')}` : 'a body matching the declared schema';
}

function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * Where a body stops being JSON: the parser's reason and the offset it names (else the first character that is
 * not white space), and the text around that point, `⟪here⟫` marking it, so a report shows the break, not
 * the first lines of a body that may break far below them.
 */
export function whereJsonBreaks(text: string): { reason: string; offset: number; excerpt: string } {
  let said = '';
  try {
    JSON.parse(text);
  } catch (error) {
    said = (error as Error).message;
  }
  const named = /position (\d+)/.exec(said);
  // V8 quotes the start of the text in some messages, and names the position in others: the excerpt shows both.
  const quoted = said.endsWith('" is not valid JSON') ? said.indexOf(', "') : -1;
  const positioned = said.indexOf(' in JSON at position ');
  const cut = quoted !== -1 ? quoted : positioned;
  const reason = (cut === -1 ? said : said.slice(0, cut)) || 'not valid JSON';
  const offset = Math.min(text.length, Math.max(0, named ? Number(named[1]) : text.search(/\S/)));
  const from = Math.max(0, offset - 80);
  const to = Math.min(text.length, offset + 80);
  const excerpt = `${from > 0 ? '…' : ''}${text.slice(from, offset)}⟪here⟫${text.slice(offset, to)}${to < text.length ? '…' : ''}`;
  return { reason, offset, excerpt };
}
