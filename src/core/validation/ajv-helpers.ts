// What the generated validators (validators.gen.ts, self-contained-validators.gen.ts) call instead of the code
// Ajv writes out at every error: scripts/generate-validators.ts rewrites Ajv's standalone code to these, so
// each is written once here, not some 150 times in each generated module.

/** An Ajv error object, as Ajv writes it: its keys in Ajv's order. */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: unknown;
  message: unknown;
}

/** An Ajv error object, keys in Ajv's order. */
export function newError(
  instancePath: string,
  schemaPath: string,
  keyword: string,
  params: unknown,
  message: unknown,
): AjvError {
  return { instancePath, schemaPath, keyword, params, message };
}

/** Ajv's `if(vErrors === null){vErrors = [err];}else {vErrors.push(err);}`. */
export function pushError(errors: AjvError[] | null, error: AjvError): AjvError[] {
  if (errors === null) return [error];
  errors.push(error);
  return errors;
}

/** Appends a called validator's errors in place: Ajv's `vErrors.concat(…)` copied them all at each call. */
export function appendErrors(errors: AjvError[] | null, more: AjvError[]): AjvError[] {
  if (errors === null) return more.slice();
  for (const error of more) errors.push(error);
  return errors;
}

/** Ajv's test for a JSON object (the same expression, so the same value). */
export function isJsonObject(data: unknown): unknown {
  return data && typeof data == 'object' && !Array.isArray(data);
}
