import { en, Messages } from './en';

export const hr: Messages = en;
