// Writes the generated files of fixtures/ (fixtures/README.md), what users start from:
//   fixtures/pets-{empty,default,large}.json  the data sets for `serve --data`, made by the mock's own seeding
//   fixtures/session.har                       a short session recorded from `serve` (its journal's HAR), for `--replay`
// test/mock/fixtures.test.ts regenerates the data sets and compares, so a change of seeded data is always
// deliberate, and replays the session against today's mock. The rules and faults there are hand-written.
import { request } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createPetStore, DEV_API_KEY, type Pet, type PetStoreOptions } from '../src/core/index.ts';
import { serve } from '../src/node/index.ts';

/** The data sets, by the name in their file: none, what a default `serve` seeds (no options), and 10,000 pets. */
export const DATA_SETS = {
  empty: { pets: 0 },
  default: {},
  large: { pets: 10_000 },
} as const satisfies Record<string, Pick<PetStoreOptions, 'seed' | 'pets'>>;
export type DataSetName = keyof typeof DATA_SETS;

export const FIXTURES = new URL('../fixtures/', import.meta.url);
export const dataSetFile = (name: DataSetName) => new URL(`pets-${name}.json`, FIXTURES);
export const SESSION_FILE = new URL('session.har', FIXTURES);

/** One pet a line, as Prettier writes such an array: readable, and a change shows as the lines it touched. */
export function dataSetJson(name: DataSetName): string {
  const pets = createPetStore(DATA_SETS[name]).snapshot().pets;
  const line = (pet: Pet) =>
    `  { ${Object.entries(pet)
      .map(([field, value]) => `${JSON.stringify(field)}: ${JSON.stringify(value)}`)
      .join(', ')} }`;
  return pets.length === 0 ? '[]\n' : `[\n${pets.map(line).join(',\n')}\n]\n`;
}

/** The recorded session: a page lists, filters, adds a pet, opens it, and opens one that does not exist. */
export const SESSION: readonly { method: string; path: string; body?: string }[] = [
  { method: 'GET', path: '/v1/pets?limit=3' },
  { method: 'GET', path: '/v1/pets?status=sold&limit=2' },
  { method: 'POST', path: '/v1/pets', body: '{"name":"Biscuit","categoryId":3}' },
  { method: 'GET', path: '/v1/pets/51' },
  { method: 'GET', path: '/v1/pets/999' },
];

/** The origin the session reads as sent to: `serve`'s default, whatever free port it was recorded on. */
const RECORDED_ORIGIN = '127.0.0.1:4010';

/** Drives a default `serve` through SESSION and returns its journal as HAR (GET /__admin/requests.har). */
export async function recordSession(): Promise<string> {
  const server = await serve({ port: 0, log: () => undefined });
  try {
    const { port } = new URL(server.url);
    const send = (method: string, path: string, body?: string) =>
      new Promise<string>((resolve, reject) => {
        // node:http, not fetch: it sends the Host given, so the recording names the default origin.
        const headers: Record<string, string> = { host: RECORDED_ORIGIN, authorization: `Bearer ${DEV_API_KEY}` };
        if (body !== undefined) headers['content-type'] = 'application/json';
        const sent = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve(text));
        });
        sent.on('error', reject);
        sent.end(body);
      });
    for (const { method, path, body } of SESSION) await send(method, path, body);
    return await send('GET', '/__admin/requests.har');
  } finally {
    await server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of Object.keys(DATA_SETS) as DataSetName[]) {
    await writeFile(dataSetFile(name), dataSetJson(name));
    console.log(`wrote ${fileURLToPath(dataSetFile(name))}`);
  }
  await writeFile(SESSION_FILE, `${(await recordSession()).trimEnd()}\n`);
  console.log(`wrote ${fileURLToPath(SESSION_FILE)}`);
}
