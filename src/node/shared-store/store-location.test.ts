// The shared store's URL as the banner and messages show it: where the database is, and nothing of a secret.
import { describe, expect, it } from 'vitest';
import { storeLocation } from './shared-events.ts';

/** A --store URL, and what is shown of it. */
const SHOWN: Record<string, string> = {
  'postgres://alice:s3cret-pass@db.example:5432/petstore': 'postgres://db.example:5432/petstore',
  'postgres://db.example/petstore?password=s3cret-pass&sslmode=require': 'postgres://db.example/petstore',
  'postgresql://s3cret-user@127.0.0.1:6543/team?sslpassword=s3cret-pass': 'postgresql://127.0.0.1:6543/team',
  'postgres://db.example/petstore#s3cret-pass': 'postgres://db.example/petstore',
  // A URL that does not parse is named, not shown.
  'postgres://s3cret-pass@[db/petstore': 'the --store URL',
};

describe('storeLocation', () => {
  it.each(Object.entries(SHOWN))('%s → %s', (url, shown) => {
    expect(storeLocation(url)).toBe(shown);
    expect(storeLocation(url)).not.toMatch(/s3cret/);
  });
});
