// The page's only contact with the API: plain fetch, so it runs the same against MSW and a real server.
import type { ApiError, NewPet, Pet, PetStatus } from 'petstore-kit';

export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export interface ApiClient {
  listPets(status: PetStatus | undefined): Promise<ApiResult<Pet[]>>;
  /** The body is sent as typed by the user: the API, not the page, decides what is valid. */
  createPet(body: Partial<Record<keyof NewPet, unknown>>): Promise<ApiResult<Pet>>;
}

export function createApiClient(baseUrl: string, apiKey: () => string): ApiClient {
  const call = async <T>(path: string, init: RequestInit = {}): Promise<ApiResult<T>> => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${apiKey()}` },
      });
    } catch (error) {
      return {
        ok: false,
        error: {
          status: 0,
          code: 'NETWORK_ERROR',
          message: `The API could not be reached: ${(error as Error).message}`,
        },
      };
    }
    const body = await response.json().catch(() => undefined);
    if (response.ok) return { ok: true, value: body as T };
    return { ok: false, error: body ?? { status: response.status, code: 'UNKNOWN', message: response.statusText } };
  };
  return {
    listPets: (status) => call(`/pets?${new URLSearchParams({ limit: '100', ...(status ? { status } : {}) })}`),
    createPet: (body) =>
      call('/pets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}
