// The benchmark's scenarios: the same requests go to every target. The paths are the mock's own
// mounts (read from a store built from the spec), and Prism serves a copy of the spec mounted the same way.
import { createPetStore, DEV_API_KEY } from '../src/core/index.ts';
import type { LoadRequest } from './lib/load.ts';

export interface Scenario extends LoadRequest {
  id: string;
  title: string;
  /** The status our mock (and Prism) must answer; the ceiling always answers 200. */
  expect: number;
}

const store = createPetStore();
const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const pets = store.basePath + '/pets';

export const SCENARIOS: Scenario[] = [
  { id: 'list', title: 'GET /pets?limit=20', method: 'GET', path: `${pets}?limit=20`, headers: auth, expect: 200 },
  {
    id: 'list-sold',
    title: 'GET /pets?status=sold&limit=100',
    method: 'GET',
    path: `${pets}?status=sold&limit=100`,
    headers: auth,
    expect: 200,
  },
  { id: 'get', title: 'GET /pets/{id}', method: 'GET', path: `${pets}/2`, headers: auth, expect: 200 },
  {
    id: 'create',
    title: 'POST /pets',
    method: 'POST',
    path: pets,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'available' }),
    expect: 201,
  },
  {
    id: 'unauthorized',
    title: 'GET /pets (no key) → 401',
    method: 'GET',
    path: `${pets}?limit=20`,
    headers: {},
    expect: 401,
  },
];

/** The ceiling's body: exactly the bytes the mock sends for GET /pets?limit=20 with the default seed. */
export function ceilingBody(): string {
  const response = store.handle({ method: 'GET', url: `${pets}?limit=20`, headers: auth });
  if (response.status !== 200 || !response.body)
    throw new Error(`[bench] Failed to build the ceiling body: the mock answered ${response.status}.`);
  return response.body;
}

/** A getPet path for a store of `count` pets: the pet in the middle, so no list order favours it. */
export function getPetPath(count: number): string {
  return `${pets}/${Math.max(1, Math.floor(count / 2))}`;
}
