import { z } from 'zod';
import { Rejection } from '../wire/rejection-codes';

/** What a handler answers before it is made JSON-safe: a reply, a rejection, or nothing (null). */
export type GatewayAnswer = object | Rejection | null;

/** A message that names its table. */
export type TableMessageSchema = z.ZodType<{ tableId: string }, unknown>;
