// Applies an OpenAPI Overlay 1.0 document (https://spec.openapis.org/overlay/v1.0.0) to an OpenAPI
// document with openapi-format's implementation, and remembers which parts of the result each action
// wrote: the judge reads that provenance to tell a departure from the interface (a failure) from a
// departure from one of our choices (a recommendation, with the action's reason).
import { KitError } from '../shared/kit-error.ts';
import type { OpenApiDocument } from './openapi-document.ts';

export interface OverlayAction {
  target: string;
  description?: string;
  update?: unknown;
  remove?: boolean;
  [extension: `x-${string}`]: unknown;
}

export interface OverlayDocument {
  overlay: string;
  info: { title: string; version: string };
  actions: OverlayAction[];
}

/** One part of the document an action wrote (added, changed or removed), with the action's reason. */
export interface Choice {
  /** JSON Pointer (RFC 6901) of the part, e.g. `/paths/~1pets/get/responses/400`. */
  pointer: string;
  reason: string;
  /** The action's target, as written in the overlay. */
  target: string;
}

export interface OverlaidDocument {
  document: OpenApiDocument;
  /** Everything the overlay wrote; a part of the document not under one of these pointers is the base's. */
  choices: Choice[];
}

/**
 * Applies `overlay` to `base` (neither is changed). Every action must match something: an action whose
 * target selects nothing is a stale choice, so it throws a KitError.
 * @example
 * const { document, choices } = await applyOverlay(interfaceDocument, petstoreKitOverlay);
 */
export async function applyOverlay(base: OpenApiDocument, overlay: OverlayDocument): Promise<OverlaidDocument> {
  if (typeof overlay?.overlay !== 'string' || !/^1\.0\.\d+$/.test(overlay.overlay) || !Array.isArray(overlay.actions)) {
    throw new KitError(
      'apply the overlay',
      'it is not an OpenAPI Overlay 1.0 document (overlay: 1.0.x, actions: [...])',
      'Check the file.',
    );
  }
  // Loaded when an overlay is applied (`npm run generate`, a user's own --overlay), not with the module: it
  // loads its own YAML parser and more, a third of a command's start.
  const { default: openapiFormat } = await import('openapi-format');
  let document = structuredClone(base);
  const choices: Choice[] = [];
  for (const [index, action] of overlay.actions.entries()) {
    // One action at a time, so each change can be traced to the action that made it.
    const { data, resultData } = await openapiFormat.openapiOverlay(
      structuredClone(document) as unknown as Record<string, unknown>,
      { overlaySet: { overlay: overlay.overlay, info: overlay.info, actions: [action] } },
    );
    if (resultData.totalUsedActions !== 1) {
      throw new KitError(
        'apply the overlay',
        `action ${index + 1} (target ${action.target}) selects nothing in the document`,
        'Fix or remove its target.',
      );
    }
    const after = data as OpenApiDocument;
    const reason =
      (action.description ?? '').replace(/\s+/g, ' ').trim() || `overlay action ${index + 1} (${action.target})`;
    for (const pointer of changedPointers(document, after)) choices.push({ pointer, reason, target: action.target });
    document = after;
  }
  return { document, choices };
}

/**
 * The choice a part of the document comes from: the one recorded at `pointer` or at an ancestor of it
 * (a part inside something an action added is that action's too). Undefined for the base's own parts.
 */
export function choiceAt(choices: readonly Choice[], pointer: string): Choice | undefined {
  let found: Choice | undefined;
  for (const choice of choices) {
    if (pointer === choice.pointer || pointer.startsWith(`${choice.pointer}/`)) {
      if (!found || choice.pointer.length >= found.pointer.length) found = choice;
    }
  }
  return found;
}

/** JSON Pointers of the shallowest parts that differ between two JSON values. */
function changedPointers(before: unknown, after: unknown, pointer = ''): string[] {
  if (Object.is(before, after)) return [];
  const bothObjects = typeof before === 'object' && before !== null && typeof after === 'object' && after !== null;
  if (!bothObjects || Array.isArray(before) !== Array.isArray(after)) return [pointer];
  if (Array.isArray(before) && before.length !== (after as unknown[]).length) return [pointer];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) =>
    changedPointers(
      (before as Record<string, unknown>)[key],
      (after as Record<string, unknown>)[key],
      `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
    ),
  );
}
