// An app that reads one pet with getPet and nothing else: it breaks once getPet is removed.
const base = process.env.PETSTORE_BASE_URL;
const headers = {
  authorization: `Bearer ${process.env.PETSTORE_API_KEY}`,
  'x-petstore-test': 'needs-getpet shows pet 1',
};
const read = await fetch(`${base}/pets/1`, { headers });
if (!read.ok) throw new Error(`getPet answered ${read.status}`);
console.log(`needs-getpet: pet 1 is ${(await read.json()).name}`);
