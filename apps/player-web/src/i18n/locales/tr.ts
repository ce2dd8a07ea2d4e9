import { en, Messages } from './en';

export const tr: Messages = en;
