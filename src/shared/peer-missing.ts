import { KitError } from './kit-error.ts';

/**
 * The one-line error for an optional peer dependency that is not installed (msw, Prism, Dredd): what could
 * not be done, and the install command that adds it.
 * @example
 * peerMissing('dredd', '^14.1.0', 'run Dredd') // Failed to run Dredd: dredd is not installed (…). Run: npm install --save-dev dredd@^14.1.0
 */
export function peerMissing(name: string, range: string, purpose: string): KitError {
  const spec = /\s/.test(range) ? `${name}@'${range}'` : `${name}@${range}`;
  return new KitError(
    purpose,
    `${name} is not installed (an optional peer dependency of petstore-kit)`,
    `Run: npm install --save-dev ${spec}`,
  );
}
