// The parts of an OpenAPI 3.0 document (https://spec.openapis.org/oas/v3.0.3) the kit reads.
// Schemas stay plain JSON: they go to Ajv as they are.

export type JsonSchema = { [keyword: string]: unknown };

export interface Reference {
  $ref: string;
}

export interface ServerObject {
  url: string;
  description?: string;
  variables?: Record<string, { default: string; enum?: string[]; description?: string }>;
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
  [extension: `x-${string}`]: unknown;
}

export interface MediaTypeObject {
  schema?: JsonSchema;
  /** Named examples (OpenAPI 3.0.3 §4.7.11): what `Prefer: example=NAME` answers. */
  examples?: Record<string, ExampleObject | Reference>;
}

export interface ExampleObject {
  summary?: string;
  value?: unknown;
}

export interface RequestBodyObject {
  required?: boolean;
  content: Record<string, MediaTypeObject>;
}

/** Specification extensions (`x-…`, OpenAPI 3.0.3 §4.8) may appear on most objects. */
type Extensible = { [extension: `x-${string}`]: unknown };

export interface HeaderObject extends Extensible {
  description?: string;
  schema?: JsonSchema;
}

export interface ResponseObject extends Extensible {
  description: string;
  headers?: Record<string, HeaderObject | Reference>;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  /** Optional in OpenAPI; the operation index names an operation without one `METHOD /path`. */
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters?: (ParameterObject | Reference)[];
  requestBody?: RequestBodyObject | Reference;
  responses: Record<string, ResponseObject | Reference>;
  security?: Record<string, string[]>[];
  servers?: ServerObject[];
  [extension: `x-${string}`]: unknown;
}

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

export type PathItemObject = Partial<Record<HttpMethod, OperationObject>> & {
  servers?: ServerObject[];
  parameters?: (ParameterObject | Reference)[];
};

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; [extension: `x-${string}`]: unknown };
  servers?: ServerObject[];
  security?: Record<string, string[]>[];
  tags?: { name: string; description?: string; [extension: `x-${string}`]: unknown }[];
  paths: Record<string, PathItemObject>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    responses?: Record<string, ResponseObject>;
    headers?: Record<string, HeaderObject>;
    parameters?: Record<string, ParameterObject>;
    requestBodies?: Record<string, RequestBodyObject>;
    securitySchemes?: Record<string, { type: string; scheme?: string; description?: string }>;
  };
}
