// The model of the documents the kit ships: the interface with our overlay applied, each part the
// overlay wrote known as our choice (with its reason). Built once per process.
import { applyOverlay } from '../../src/openapi/apply-overlay.ts';
import { interfaceDocument } from '../../src/openapi/interface.gen.ts';
import { petstoreKitOverlay } from '../../src/openapi/overlay.gen.ts';
import { buildApiModel, type ApiModel } from './api-model.ts';

let bundled: Promise<ApiModel> | undefined;

/**
 * @example
 * const model = await bundledModel();
 * model.choices.length; // every part of the document our overlay wrote
 */
export function bundledModel(): Promise<ApiModel> {
  bundled ??= applyOverlay(interfaceDocument, petstoreKitOverlay).then(({ document, choices }) =>
    buildApiModel(document, choices, interfaceDocument),
  );
  return bundled;
}
