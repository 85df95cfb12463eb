import type { CoreResponse } from '../core-request.ts';

/** A JSON response from text already serialised (pets are serialised once, when stored). */
export function jsonResponse(status: number, json: string, headers?: Record<string, string>): CoreResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: json };
}
