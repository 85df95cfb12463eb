// getPet through node:http, named by petstore-kit/rehearse/jest; a second file in the same worker.
const http = require('node:http');

const url = (id) => `${process.env.PETSTORE_BASE_URL}/pets/${id}`;
const headers = { authorization: `Bearer ${process.env.PETSTORE_API_KEY}` };

describe('by node:http', () => {
  test('reads pet 2', async () => {
    const status = await new Promise((resolve, reject) => {
      http
        .get(url(2), { headers }, (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.statusCode));
        })
        .on('error', reject);
    });
    expect(status).toBeLessThan(500);
  });
});
