// The store's `replica` option: the name on every answer (Petstore-Kit-Replica), in every journal entry and HAR
// entry; none of it for a store that names no replica; a name a header cannot carry refused at creation.
import { describe, expect, it } from 'vitest';
import { createPetStore, DEV_API_KEY } from '../create-pet-store.ts';
import { KitError } from '../../shared/kit-error.ts';
import { REPLICA_HEADER } from './replica-name.ts';

const authorization = `Bearer ${DEV_API_KEY}`;
const get = (url: string) => ({ method: 'GET', url, headers: { authorization }, body: '' });

describe('a store named as a replica', () => {
  it('names itself on every answer: the API, its errors, the admin API', () => {
    const store = createPetStore({ pets: 2, replica: 'zone-a:4011' });
    for (const url of ['/v1/pets?limit=1', '/v1/pets/999', '/__admin/state', '/nowhere'])
      expect(store.handle(get(url)).headers[REPLICA_HEADER], url).toBe('zone-a:4011');
  });

  it('names itself in every journal entry and HAR entry', () => {
    const store = createPetStore({ pets: 2, replica: 'zone-a:4011' });
    store.handle(get('/v1/pets?limit=1'));
    const [entry] = store.requests();
    expect(entry).toMatchObject({ replica: 'zone-a:4011', response: { headers: { [REPLICA_HEADER]: 'zone-a:4011' } } });
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
      expect(() => createPetStore({ replica }), JSON.stringify(replica)).toThrow(KitError);
  });
});
