// The model a run judges by, loaded once from what the user gave: the interface the kit ships with our overlay,
// their own document (`--spec`), their own overlay (`--overlay`) in place of ours. verify's plan, the proxy's
// judge and `petstore-kit coverage` all load it here, so one flag means one document everywhere.
import { readFile } from 'node:fs/promises';
import { KitError } from '../../src/shared/kit-error.ts';
import { applyOverlay, type OverlayDocument } from '../../src/openapi/apply-overlay.ts';
import { interfaceDocument } from '../../src/openapi/interface.gen.ts';
import { loadDocument } from '../../src/openapi/load-document.ts';
import { petstoreKitOverlay } from '../../src/openapi/overlay.gen.ts';
import type { OpenApiDocument } from '../../src/openapi/openapi-document.ts';
import { ConformanceError } from '../engine/conformance-error.ts';
import type { ConformanceOptions } from '../run/conformance-options.ts';
import { buildApiModel, type ApiModel } from './api-model.ts';
import { bundledModel } from './bundled-model.ts';

/**
 * What the target is judged against: the interface the kit ships with our overlay applied (each part it
 * wrote known as our choice), or the caller's document; with `overlayPath`, that overlay instead of ours.
 * The one loader of `--spec` and `--overlay`: verify's, the proxy's (through its judge) and `coverage`'s. A
 * document or overlay it cannot read or use is a ConformanceError of kind `spec` that says why.
 * @example
 * const model = await modelOf({ specPath: 'openapi.yaml' });
 */
export async function modelOf(
  options: Pick<ConformanceOptions, 'document' | 'specPath' | 'overlayPath' | 'profile'>,
): Promise<ApiModel> {
  if (!options.document && !options.specPath && !options.overlayPath) return bundledModel();
  try {
    const base = options.document ?? (options.specPath ? await loadDocument(options.specPath) : interfaceDocument);
    const overlay = options.overlayPath
      ? await loadOverlay(options.overlayPath)
      : options.profile === 'petstore-kit'
        ? petstoreKitOverlay
        : undefined;
    if (!overlay) return modelFor(base);
    const { document, choices } = await applyOverlay(base, overlay);
    return buildApiModel(document, choices, base);
  } catch (error) {
    if (error instanceof KitError) throw new ConformanceError('spec', error.message);
    throw error;
  }
}

async function loadOverlay(path: string): Promise<OverlayDocument> {
  const { parse } = await import('yaml'); // loaded for an overlay file only (see load-document.ts)
  try {
    return parse(await readFile(path, 'utf8')) as OverlayDocument;
  } catch (error) {
    throw new KitError(
      `read the overlay ${path}`,
      (error as Error).message.split('\n')[0],
      'Pass a readable OpenAPI Overlay 1.0 YAML or JSON file.',
    );
  }
}

// Compiling the spec's schemas is most of a local run's cost: one model per parsed document.
const models = new WeakMap<OpenApiDocument, ApiModel>();
function modelFor(document: OpenApiDocument): ApiModel {
  let model = models.get(document);
  if (!model) models.set(document, (model = buildApiModel(document)));
  return model;
}
