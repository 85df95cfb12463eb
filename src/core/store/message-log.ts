import type { Message } from '../api-types.ts';

/** Messages sent to the quickstart. Ids come from a counter kept in the saved state, so they stay unique across restarts. */
export class MessageLog {
  #messages: Message[];
  #nextId: number;

  constructor(messages: readonly Message[] = [], nextId = 1) {
    this.#messages = [];
    this.#nextId = nextId;
    for (const message of messages) this.insert(message);
  }

  get nextId(): number {
    return this.#nextId;
  }

  /** A message sent (made live or replayed): kept as it is, the counter raised above its number. */
  insert(message: Message): void {
    this.#messages.push(message);
    const number = Number(/^msg_(\d+)$/.exec(message.id)?.[1]);
    if (number >= this.#nextId) this.#nextId = number + 1;
  }

  /** Ids below `nextId` were handed out before: they are not given again. */
  raiseNextId(nextId: number): void {
    if (nextId > this.#nextId) this.#nextId = nextId;
  }

  /** Removes this message and every later one; the counter stays, so no id is reused. */
  withdrawFrom(id: string): void {
    const index = this.#messages.findIndex((message) => message.id === id);
    if (index !== -1) this.#messages.length = index;
  }

  messages(): Message[] {
    return [...this.#messages];
  }
}
