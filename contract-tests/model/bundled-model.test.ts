// The bundled model is built from what `npm run generate` derived, not by applying the overlay at run time:
// both ways must give the same document and the same choices, and the model must leave the served document
// (the mock's) as it was.
import { describe, expect, it } from 'vitest';
import { applyOverlay } from '../../src/openapi/apply-overlay.ts';
import { choices } from '../../src/openapi/choices.gen.ts';
import { document } from '../../src/openapi/document.gen.ts';
import { interfaceDocument } from '../../src/openapi/interface.gen.ts';
import { petstoreKitOverlay } from '../../src/openapi/overlay.gen.ts';
import { bundledModel } from './bundled-model.ts';

describe('bundledModel', () => {
  it('is the overlay applied now: the same document and the same choices', async () => {
    const applied = await applyOverlay(interfaceDocument, petstoreKitOverlay);
    expect(document).toEqual(applied.document);
    expect(choices).toEqual(applied.choices);
    const model = await bundledModel();
    expect(model.document).toEqual(applied.document);
    expect(model.choices).toEqual(applied.choices);
  });

  it('leaves the served document as it was', async () => {
    const before = JSON.stringify(document);
    const model = await bundledModel();
    for (const operation of model.operations) model.flatten(operation.requestBody?.schema);
    expect(model.document).not.toBe(document);
    expect(JSON.stringify(document)).toBe(before);
  });
});
