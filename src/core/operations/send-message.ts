import { jsonResponse } from '../http/json-response.ts';
import type { OperationHandler } from './operation-context.ts';

/** POST /messages (quickstart): the message is accepted and queued, never processed. */
export const sendMessage: OperationHandler<'sendMessage'> = ({ status, body, state, now }) => {
  const { message } = state.addMessage(body.message, now());
  return jsonResponse(status, JSON.stringify(message));
};
