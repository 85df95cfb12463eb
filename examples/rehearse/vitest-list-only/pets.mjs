// An app that uses only the list: it finds a pet with GET /pets and the status filter, never with getPet.
const base = () => process.env.PETSTORE_BASE_URL;
const headers = () => ({ authorization: `Bearer ${process.env.PETSTORE_API_KEY}` });

export async function petsWithStatus(status) {
  const answer = await fetch(`${base()}/pets?status=${status}&limit=100`, { headers: headers() });
  if (!answer.ok) throw new Error(`GET /pets answered ${answer.status}`);
  return answer.json();
}

export async function findPet(id) {
  for (const status of ['available', 'pending', 'sold']) {
    const pet = (await petsWithStatus(status)).find((candidate) => candidate.id === id);
    if (pet) return pet;
  }
  return undefined;
}
