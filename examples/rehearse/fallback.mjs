// An app that reads one pet with getPet and falls back to the list once getPet is gone (410 or 404).
const base = process.env.PETSTORE_BASE_URL;
const headers = { authorization: `Bearer ${process.env.PETSTORE_API_KEY}`, 'x-petstore-test': 'fallback shows pet 1' };
const read = await fetch(`${base}/pets/1`, { headers });
let pet;
if (read.ok) pet = await read.json();
else if (read.status === 410 || read.status === 404) {
  for (const status of ['available', 'pending', 'sold']) {
    const pets = await (await fetch(`${base}/pets?status=${status}&limit=100`, { headers })).json();
    pet ??= pets.find((candidate) => candidate.id === 1);
  }
}
if (!pet) throw new Error(`pet 1 not found (getPet answered ${read.status})`);
console.log(`fallback: pet 1 is ${pet.name}`);
