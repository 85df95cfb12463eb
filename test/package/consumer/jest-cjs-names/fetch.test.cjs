// getPet through fetch, named by petstore-kit/rehearse/jest (run under petstore-kit rehearse).
const url = (id) => `${process.env.PETSTORE_BASE_URL}/pets/${id}`;
const headers = { authorization: `Bearer ${process.env.PETSTORE_API_KEY}` };

describe('by fetch', () => {
  test('reads pet 1', async () => {
    expect((await fetch(url(1), { headers })).status).toBeLessThan(500);
  });
});
