// Turns the document's paths into flat, fully resolved operation descriptors: the one place that
// walks `paths`, so the router, the validators, the conformance suite and the Dredd hooks agree.
import type {
  HeaderObject,
  HttpMethod,
  JsonSchema,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  RequestBodyObject,
  ResponseObject,
  ServerObject,
} from './openapi-document.ts';
import { isReference, resolveRef } from './resolve-ref.ts';

const METHODS: HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface OperationResponse {
  /** JSON Pointer of the response object itself: where a `$ref` leads (`/components/responses/Unauthorized`), else in place. */
  pointer: string;
  description: string;
  /** Schema of the application/json content, if any. */
  schema?: JsonSchema;
  headers: Record<string, HeaderObject>;
  /** The response's specification extensions (`x-…`, OpenAPI 3.0.3 §4.8), e.g. `x-max-body-bytes`. */
  extensions: Record<string, unknown>;
}

export interface Operation {
  operationId: string;
  /** JSON Pointer (RFC 6901) of the operation in the document, e.g. `/paths/~1pets/get`. */
  pointer: string;
  method: Uppercase<HttpMethod>;
  /** Path template relative to the operation's server, e.g. `/pets/{petId}`. */
  path: string;
  /** Servers in force (operation, then path item, then document level: OpenAPI 3.0.3 §4.7.9). */
  servers: ServerObject[];
  /** True when the operation overrides the document's servers (the quickstart). */
  ownServer: boolean;
  parameters: ParameterObject[];
  requestBody?: { required: boolean; mediaTypes: string[]; schema?: JsonSchema };
  /** Keyed by status code as written in the document ('200', '4XX', 'default'). */
  responses: Record<string, OperationResponse>;
  deprecated: boolean;
  /** Removal date (`x-sunset`, YYYY-MM-DD), if the operation has one. */
  sunset?: string;
  /** The operationId of its replacement (`x-replacement`), if the operation names one. */
  replacement?: string;
  security: Record<string, string[]>[];
  source: OperationObject;
}

export function indexOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const source = item[method];
      if (!source) continue;
      const ownServers = source.servers ?? item.servers;
      const parameters = [...(item.parameters ?? []), ...(source.parameters ?? [])].map((p) =>
        resolveRef<ParameterObject>(document, p),
      );
      const body = source.requestBody && resolveRef<RequestBodyObject>(document, source.requestBody);
      const pointer = `/paths/${escapePointer(path)}/${method}`;
      operations.push({
        // OpenAPI makes operationId optional (§4.7.10): an operation without one is named for its method and path.
        operationId: source.operationId ?? `${method.toUpperCase()} ${path}`,
        pointer,
        method: method.toUpperCase() as Uppercase<HttpMethod>,
        path,
        servers: ownServers ?? document.servers ?? [{ url: '/' }],
        ownServer: ownServers !== undefined,
        parameters,
        requestBody: body && {
          required: body.required ?? false,
          mediaTypes: Object.keys(body.content),
          schema: body.content['application/json']?.schema,
        },
        responses: Object.fromEntries(
          Object.entries(source.responses).map(([status, ref]) => [
            status,
            toOperationResponse(
              document,
              resolveRef<ResponseObject>(document, ref),
              targetOf(ref) ?? `${pointer}/responses/${escapePointer(status)}`,
            ),
          ]),
        ),
        deprecated: source.deprecated === true,
        sunset: typeof source['x-sunset'] === 'string' ? source['x-sunset'] : undefined,
        replacement: replacementOf(source['x-replacement']),
        security: source.security ?? document.security ?? [],
        source,
      });
    }
  }
  return operations;
}

function toOperationResponse(document: OpenApiDocument, response: ResponseObject, pointer: string): OperationResponse {
  return {
    pointer,
    description: response.description,
    schema: response.content?.['application/json']?.schema,
    headers: Object.fromEntries(
      Object.entries(response.headers ?? {}).map(([name, header]) => [
        name,
        resolveRef<HeaderObject>(document, header),
      ]),
    ),
    extensions: Object.fromEntries(Object.entries(response).filter(([key]) => key.startsWith('x-'))),
  };
}

/** RFC 6901: `~` → `~0`, `/` → `~1`. */
function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The pointer a (local) `$ref` names, or undefined for an inline object. */
function targetOf(value: unknown): string | undefined {
  return isReference(value) ? value.$ref.slice(1) : undefined;
}

/** The response entry for a status: exact code, then `4XX`-style range, then `default` (OpenAPI 3.0.3 §4.7.16). */
export function responseFor(operation: Operation, status: number): OperationResponse | undefined {
  const { responses } = operation;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/** `x-replacement: { operationId }`'s operationId, when it is one. */
function replacementOf(value: unknown): string | undefined {
  const operationId = (value as { operationId?: unknown } | null | undefined)?.operationId;
  return typeof operationId === 'string' ? operationId : undefined;
}
