import { en, Messages } from './en';

export const pl: Messages = en;
