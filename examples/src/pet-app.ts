// The page: a pet list with a status filter, an add-pet form, and the API's errors shown to the user.
// `data-loads` on the table counts finished list loads, so tests can wait for a fresh result.
import type { Pet, PetStatus } from 'petstore-kit';
import type { ApiClient, ApiResult } from './api-client.ts';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

export function startPetApp(api: ApiClient, statuses: PetStatus[]): void {
  const filter = $<HTMLSelectElement>('#status-filter');
  const formStatus = $<HTMLSelectElement>('#pet-status');
  for (const status of statuses) {
    filter.append(new Option(status, status));
    formStatus.append(new Option(status, status));
  }

  const load = async () => {
    const result = await api.listPets((filter.value || undefined) as PetStatus | undefined);
    // A failed load clears the rows: stale rows next to an error would show data the API just refused.
    renderPets(result.ok ? result.value : []);
    if (!result.ok) {
      $('#pet-count').textContent = `No pets shown: the last load failed (${result.error.status || 'network'})`;
    }
    showResult(result);
    const table = $('#pets');
    table.dataset.loads = String(Number(table.dataset.loads ?? 0) + 1);
  };

  filter.addEventListener('change', load);
  $('#refresh').addEventListener('click', load);
  $<HTMLFormElement>('#add-pet').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const categoryId = String(form.get('categoryId')).trim();
    const result = await api.createPet({
      name: form.get('name'),
      ...(categoryId === '' ? {} : { categoryId: /^-?\d+$/.test(categoryId) ? Number(categoryId) : categoryId }),
      ...(form.get('status') ? { status: form.get('status') } : {}),
    });
    showResult(result, result.ok ? `Added ${result.value.name} (#${result.value.id}).` : undefined);
    if (result.ok) await load();
  });
  void load();
}

function renderPets(pets: Pet[]): void {
  const rows = pets.map((pet) => {
    const row = document.createElement('tr');
    for (const value of [pet.id, pet.name, pet.categoryId, pet.status ?? ''])
      row.insertCell().textContent = String(value);
    return row;
  });
  $('#pets tbody').replaceChildren(...rows);
  $('#pet-count').textContent = `${pets.length} pet${pets.length === 1 ? '' : 's'}`;
}

/** Errors go to the alert box with the API's own status, code and message (and each issue, for a 400). */
function showResult(result: ApiResult<unknown>, notice?: string): void {
  const alert = $('#error');
  alert.hidden = result.ok;
  if (notice) $('#notice').textContent = notice;
  if (result.ok) return;
  const { status, code, message, issues = [] } = result.error;
  const title = document.createElement('strong');
  title.textContent = `Error ${status} ${code}`;
  const text = document.createElement('p');
  text.textContent = message;
  const list = document.createElement('ul');
  for (const issue of issues)
    list.appendChild(document.createElement('li')).textContent = `${issue.pointer}: ${issue.message}`;
  alert.replaceChildren(title, text, ...(issues.length ? [list] : []));
  $('#notice').textContent = '';
}
