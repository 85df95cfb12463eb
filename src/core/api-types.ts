// API types, taken from the types generated from spec/ (never written by hand).
import type { components } from '../openapi/openapi.gen.ts';

export type Pet = components['schemas']['Pet'];
export type NewPet = components['schemas']['NewPet'];
export type PetStatus = components['schemas']['PetStatus'];
export type Message = components['schemas']['Message'];
export type MessageRequest = components['schemas']['MessageRequest'];
export type ApiError = components['schemas']['Error'];
