// A JSON value as YAML 1.2 block text, for serving the OpenAPI documents as `.yaml` without a YAML
// library in the core (it runs in browsers too). Strings are written as JSON strings, which are YAML
// double-quoted scalars, so nothing is ever misread (a date stays a string, `no` stays a string).

const PLAIN_KEY = /^[A-Za-z_$][\w$.-]*$/;
const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

export function toYaml(value: unknown): string {
  return `${block(value, '')}\n`;
}

function block(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return `${indent}[]`;
    return value.map((item) => `${indent}-${nested(item, `${indent}  `, ' ')}`).join('\n');
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return `${indent}{}`;
    return entries.map(([key, item]) => `${indent}${yamlKey(key)}:${nested(item, `${indent}  `, ' ')}`).join('\n');
  }
  return `${indent}${scalar(value)}`;
}

/** A value after `key:` or `-`: a scalar or empty collection on the same line, else an indented block. */
function nested(value: unknown, indent: string, gap: string): string {
  const empty = (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);
  if (empty || (!Array.isArray(value) && !isObject(value))) return `${gap}${block(value, '')}`;
  return `\n${block(value, indent)}`;
}

function yamlKey(key: string): string {
  return PLAIN_KEY.test(key) && !RESERVED.test(key) ? key : JSON.stringify(key);
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
