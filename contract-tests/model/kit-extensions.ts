// The specification extensions (OpenAPI 3.0.3 §4.8) the judge reads, in one place (besides `x-sunset`,
// the interface's removal date, which index-operations reads as `Operation.sunset`). The first states what
// the seed says in a form a program can read, so it belongs to the interface; the others are written by
// petstore-kit's overlay (spec/petstore-kit.overlay.yaml), so a departure from them is a departure from
// one of our choices: a recommendation unless the run makes the choices binding.

/**
 * Interface, on a 400 response: the faults the seed names for it (`body-missing`, `invalid-json`,
 * `required-field-missing`, `invalid-value`, `content-type-not-json`). A fault it does not name may get
 * any 4xx; an overlay may add faults (our choice: every invalid body gets 400). Absent: every fault.
 */
export const CONDITIONS = 'x-conditions';

/** Overlay, in a response's `x-conditions`: answered only when the server cannot save a change (a full disk). */
export const STORAGE_FAILED = 'storage-failed';

/** Overlay, on an operation: the date the deprecation was announced (the `Deprecation` header). */
export const DEPRECATION_DATE = 'x-deprecation-date';

/** Overlay, on a 413 response: the largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 'x-max-body-bytes';

/** Overlay, on a list operation: the order of the list (`ascending id`). */
export const LIST_ORDER = 'x-petstore-kit-order';

/** Overlay, on an Error's `code` property: the codes the service uses. */
export const ERROR_CODES = 'x-petstore-kit-codes';

/** Overlay, on a request schema: what happens to fields it does not define (`ignored`). */
export const UNKNOWN_FIELDS = 'x-petstore-kit-unknown-fields';

/** Overlay, on an int64 property: values beyond 2^53 − 1 are kept digit for digit (`exact`). */
export const INT64 = 'x-petstore-kit-int64';

/** Overlay, on `info`: how requests outside the document are answered (404, 405 with Allow, Error body). */
export const OUTSIDE_THE_DOCUMENT = '/info/x-petstore-kit-outside-the-document';

/** RFC 6901: `~` → `~0`, `/` → `~1`. */
export function pointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
