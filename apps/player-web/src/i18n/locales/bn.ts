import { en, Messages } from './en';

export const bn: Messages = en;
