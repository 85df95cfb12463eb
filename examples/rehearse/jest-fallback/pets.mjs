// An app that reads a pet with getPet and, once getPet is gone (410 Gone, or 404), finds it in the list with
// the status filter instead: the replacement the document names.
const base = () => process.env.PETSTORE_BASE_URL;
const headers = () => ({ authorization: `Bearer ${process.env.PETSTORE_API_KEY}` });

export async function showPet(id) {
  const read = await fetch(`${base()}/pets/${id}`, { headers: headers() });
  if (read.ok) return read.json();
  if (read.status !== 410 && read.status !== 404) throw new Error(`getPet answered ${read.status}`);
  for (const status of ['available', 'pending', 'sold']) {
    const list = await fetch(`${base()}/pets?status=${status}&limit=100`, { headers: headers() });
    const pet = (await list.json()).find((candidate) => candidate.id === id);
    if (pet) return pet;
  }
  throw new Error(`pet ${id} not found`);
}
