import type { MessageRequest } from '../api-types.ts';
import { jsonResponse } from '../http/json-response.ts';
import { successStatus, type OperationHandler } from './operation-context.ts';

/** POST /messages (quickstart): the message is accepted and queued, never processed. */
export const sendMessage: OperationHandler = ({ operation, body, state, now }) => {
  const message = state.addMessage((body as MessageRequest).message, now);
  return jsonResponse(successStatus(operation), JSON.stringify(message));
};
