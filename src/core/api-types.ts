// API types, taken from the types generated from spec/ (never written by hand).
import type { components } from '../openapi/openapi.gen.ts';

/** A pet as the mock keeps it: the mock assigns ids from 1 up, so an id is always a safe integer (a categoryId may be any int64). */
export type Pet = Omit<components['schemas']['Pet'], 'id'> & { id: number };
export type NewPet = components['schemas']['NewPet'];
export type PetStatus = components['schemas']['PetStatus'];
export type Message = components['schemas']['Message'];
export type MessageRequest = components['schemas']['MessageRequest'];
export type ApiError = components['schemas']['Error'];
