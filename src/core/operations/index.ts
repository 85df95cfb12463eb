import { createPet } from './create-pet.ts';
import { getPet } from './get-pet.ts';
import { listOrders } from './list-orders.ts';
import { listPets } from './list-pets.ts';
import type { OperationContext, OperationHandlers, OperationId } from './operation-context.ts';
import { sendMessage } from './send-message.ts';

/** Handlers by operationId: the compiler checks that every operation of the spec has one, typed from the spec. */
export const OPERATION_HANDLERS = { listPets, createPet, getPet, listOrders, sendMessage } satisfies OperationHandlers;

/** A handler as the pipeline calls it: with a context that the validator, compiled from the same spec, has checked. */
export type ValidatedHandler = (context: OperationContext<never>) => ReturnType<OperationHandlers[OperationId]>;

/** The handler of a document operation, or undefined when the spec has an operation this build does not know. */
export function handlerFor(operationId: string): ValidatedHandler | undefined {
  return Object.hasOwn(OPERATION_HANDLERS, operationId)
    ? (OPERATION_HANDLERS[operationId as OperationId] as ValidatedHandler)
    : undefined;
}
