// A replica's name: on every answer the server gives (Petstore-Kit-Replica: withReplicaHeader), in every journal
// entry and HAR entry (the store's `replica` option); none of it for a store that names no replica; a name a
// header cannot carry refused.
import { describe, expect, it } from 'vitest';
import { createPetStore, DEV_API_KEY } from '../../core/index.ts';
import { KitError } from '../../shared/kit-error.ts';
import { checkReplicaName, REPLICA_HEADER, withReplicaHeader } from './replica-name.ts';

const authorization = `Bearer ${DEV_API_KEY}`;
const get = (url: string) => ({ method: 'GET', url, headers: { authorization }, body: '' });

describe('a replica named', () => {
  it('names itself on every answer the server gives: the API, its errors, the admin API', async () => {
    const store = createPetStore({ pets: 2 });
    const handle = withReplicaHeader(async (request) => store.handle(request), 'zone-a:4011');
    for (const url of ['/v1/pets?limit=1', '/v1/pets/999', '/__admin/state', '/nowhere'])
      expect((await handle(get(url))).headers[REPLICA_HEADER], url).toBe('zone-a:4011');
  });

  it('names itself in every journal entry and HAR entry', () => {
    const store = createPetStore({ pets: 2, replica: 'zone-a:4011' });
    store.handle(get('/v1/pets?limit=1'));
    expect(store.requests()[0]).toMatchObject({ replica: 'zone-a:4011' });
    expect(store.requests.har().log.entries[0]!._replica).toBe('zone-a:4011');
  });

  it('names nothing when no replica is given', () => {
    const store = createPetStore({ pets: 2 });
    expect(store.handle(get('/v1/pets?limit=1')).headers[REPLICA_HEADER]).toBeUndefined();
    expect(store.requests()[0]).not.toHaveProperty('replica');
    expect(store.requests.har().log.entries[0]).not.toHaveProperty('_replica');
  });

  it('refuses a name a header or a table key would have to quote', () => {
    for (const replica of ['', 'zone a', 'zone\r\nx', 'é', 'x'.repeat(101)])
      expect(() => checkReplicaName(replica), JSON.stringify(replica)).toThrow(KitError);
    expect(checkReplicaName('host-a:4011')).toBe('host-a:4011');
  });
});
