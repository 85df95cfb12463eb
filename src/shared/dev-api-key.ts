/**
 * The documented development key, used when no key is configured. Never use it outside development. It is
 * public (the banner and the docs print it), so redaction hides it only whole: its pieces, `petstore` above
 * all, are ordinary words of the kit's output (src/shared/redact.ts).
 */
export const DEV_API_KEY = 'petstore-dev-key';
