// An app that shows one pet through the replacement only: GET /pets with the status filter.
// Run by `petstore-kit rehearse -- node examples/rehearse/list-only.mjs` (docs/rehearse.md).
const base = process.env.PETSTORE_BASE_URL;
const headers = { authorization: `Bearer ${process.env.PETSTORE_API_KEY}`, 'x-petstore-test': 'list-only shows pet 1' };
const pets = await (await fetch(`${base}/pets?status=available&limit=100`, { headers })).json();
if (!Array.isArray(pets) || pets.length === 0) throw new Error('no available pet listed');
console.log(`list-only: ${pets.length} available pets`);
