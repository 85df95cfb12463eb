import { createPet } from './create-pet.ts';
import { getPet } from './get-pet.ts';
import { listPets } from './list-pets.ts';
import type { OperationHandler } from './operation-context.ts';
import { sendMessage } from './send-message.ts';

/** Handlers by operationId. createPetStore fails at start if the spec has an operation missing here. */
export const OPERATION_HANDLERS: Record<string, OperationHandler> = { listPets, createPet, getPet, sendMessage };
