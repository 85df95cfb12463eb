// The model of the documents the kit ships: the interface with our overlay applied, each part the
// overlay wrote known as our choice (with its reason). Built once per process, from what `npm run generate`
// derived (the document and the choices): applying the overlay here, action by action, cost every verify,
// proxy and coverage run 0.2 CPU-s at start, most of it loading openapi-format (bundled-model.test.ts holds
// the two to each other). A user's own overlay is still applied at run time (judged-model.ts).
import { choices } from '../../src/openapi/choices.gen.ts';
import { document } from '../../src/openapi/document.gen.ts';
import { interfaceDocument } from '../../src/openapi/interface.gen.ts';
import { buildApiModel, type ApiModel } from './api-model.ts';

let bundled: Promise<ApiModel> | undefined;

/**
 * @example
 * const model = await bundledModel();
 * model.choices.length; // every part of the document our overlay wrote
 */
export function bundledModel(): Promise<ApiModel> {
  // A copy: the served document is the mock's too, and nothing the model does may reach it.
  bundled ??= Promise.resolve(buildApiModel(structuredClone(document), choices, interfaceDocument));
  return bundled;
}
