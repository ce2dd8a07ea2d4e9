import { en, Messages } from './en';

export const fa: Messages = en;
