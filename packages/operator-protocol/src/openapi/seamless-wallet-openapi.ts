import { extendZodWithOpenApi, OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z, ZodTypeAny } from 'zod';
import {
  balanceCallSchema,
  creditCallSchema,
  debitCallSchema,
  rollbackCallSchema,
  WALLET_CALL_PATHS,
  WALLET_CALLS,
  WalletCall,
  walletAnswerSchema,
} from '../seamless-wallet';
import {
  creditV2CallSchema,
  debitV2CallSchema,
  rollbackV2CallSchema,
  WALLET_V2_CALL_PATHS,
  WALLET_V2_CALLS,
  WalletV2Call,
} from '../seamless-wallet-v2';

// Adds .openapi() to zod's types (component names); only this generator imports it, never the protocol's users.
// zod 4 gives it to a schema when the schema is built: those built before (the protocol's, on import) are
// registered as a copy built here (`.meta({})`: the same schema, no metadata added).
extendZodWithOpenApi(z);

/** Where the generated document is checked in (npm run openapi -w @casino/operator-protocol writes it). */
export const SEAMLESS_OPENAPI_FILE = 'docs/openapi/seamless-wallet.json';

const MINOR = 'minor units as a decimal string, at most 9223372036854775807';

/** What each call does, for the operator implementing it (docs/operator-integration.md#7-seamless-wallet). */
const CALLS: Readonly<
  Record<WalletCall, { name: string; summary: string; description: string; schema: ZodTypeAny }>
> = {
  balance: {
    name: 'BalanceCall',
    summary: "The player's balance",
    description: "The player's balance, moving nothing.",
    schema: balanceCallSchema,
  },
  debit: {
    name: 'DebitCall',
    summary: 'Take a stake',
    description:
      "Take a bet's stake. The bet is accepted only once this is answered ok; a refusal rejects it with the code.",
    schema: debitCallSchema.extend({
      amount: debitCallSchema.shape.amount.describe(
        'minor units as a decimal string, positive, at most 9223372036854775807',
      ),
    }),
  },
  credit: {
    name: 'CreditCall',
    summary: 'Pay a bet out',
    description:
      'Pay a bet out (the whole return: stake included for a win or push; the stake for a refund; 0 closes a lost bet). One credit per debit. A free bet, never debited, is closed by one credit naming its promotion (promotionId, no debitTransactionId): only its winnings, 0 if it lost or was refunded or cancelled.',
    schema: creditCallSchema.extend({ amount: creditCallSchema.shape.amount.describe(MINOR) }),
  },
  rollback: {
    name: 'RollbackCall',
    summary: 'Cancel a debit',
    description:
      'Cancel a debit whose answer the platform did not get. It may arrive before the debit: record it, and refuse the debit TRANSACTION_ROLLED_BACK when it comes.',
    schema: rollbackCallSchema,
  },
};

/** Version 2's calls (docs/operator-integration.md#seamless-wallet-versions), for operators that chose it. */
const V2_CALLS: Readonly<
  Record<WalletV2Call, { name: string; summary: string; description: string; schema: ZodTypeAny }>
> = {
  debit: {
    name: 'DebitV2Call',
    summary: "Take a slip's stakes (version 2)",
    description:
      "Take the stakes of one player's bets of one round in one call, all or nothing: amount is the sum of the bets'. Answer ok only if every bet is taken; a refusal rejects them all with its code. Each bet has its id, stake and a description to book.",
    schema: debitV2CallSchema.extend({ amount: debitV2CallSchema.shape.amount.describe(MINOR) }),
  },
  credit: {
    name: 'CreditV2Call',
    summary: "Pay a round's bets out (version 2)",
    description:
      "Pay one player's bets of one round in one call (each bet's whole return, 0 for a lost bet; a free bet's credit names its promotion). amount is the sum of the credits'. roundClosed is true on the round's last credit to the player: exactly one per player and round, once the round has ended. A bet the platform refused after its debit is refunded at once in a credit with roundClosed false.",
    schema: creditV2CallSchema.extend({ amount: creditV2CallSchema.shape.amount.describe(MINOR) }),
  },
  rollback: {
    name: 'RollbackV2Call',
    summary: 'Cancel a version 2 debit',
    description:
      'Cancel a version 2 debit (every bet of it) whose answer the platform did not get. As in version 1 it may arrive before the debit: record it, and refuse the debit TRANSACTION_ROLLED_BACK when it comes.',
    schema: rollbackV2CallSchema,
  },
};

const [okSchema, refusedSchema] = walletAnswerSchema.options;

const SIGNED_ANSWER_HEADERS = {
  'X-Casino-Timestamp': {
    schema: { type: 'string' as const },
    description: 'Unix milliseconds of the answer',
  },
  'X-Casino-Signature': {
    schema: { type: 'string' as const },
    description:
      "hex HMAC-SHA256(secret, 'RESPONSE' + \\n + the request's X-Casino-Request-Id + \\n + timestamp + \\n + raw body)",
  },
};

/** The OpenAPI document of the operator's side of the seamless wallet, generated from the protocol's zod schemas. */
export function seamlessWalletOpenApiDocument(): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  const ok = registry.register('Ok', okSchema.extend({ balance: okSchema.shape.balance.describe(MINOR) }));
  const refused = registry.register('Refused', refusedSchema.meta({}));
  const answer = registry.register('Answer', z.discriminatedUnion('status', [ok, refused]));
  const headers = z.object({
    'X-Casino-Key': z.string().describe('the operator key id the platform signs with (ck_…)'),
    'X-Casino-Timestamp': z
      .string()
      .describe('Unix milliseconds; refuse when more than 5 minutes from your clock'),
    'X-Casino-Request-Id': z
      .string()
      .describe('unique per HTTP request (a retry of the same transaction has a new one)'),
    'X-Casino-Signature': z
      .string()
      .describe(
        "hex HMAC-SHA256(secret, 'POST' + \\n + path + \\n + timestamp + \\n + request id + \\n + raw body)",
      ),
  });
  const calls = [
    ...WALLET_CALLS.map((call) => ({ c: CALLS[call], path: WALLET_CALL_PATHS[call], operationId: call })),
    ...WALLET_V2_CALLS.map((call) => ({
      c: V2_CALLS[call],
      path: WALLET_V2_CALL_PATHS[call],
      operationId: `${call}V2`,
    })),
  ];
  for (const { c, path, operationId } of calls) {
    const body = registry.register(c.name, c.schema.describe(c.description));
    registry.registerPath({
      method: 'post',
      path,
      operationId,
      summary: c.summary,
      request: { headers, body: { required: true, content: { 'application/json': { schema: body } } } },
      responses: {
        200: {
          description: 'ok, or a coded refusal (both signed)',
          headers: SIGNED_ANSWER_HEADERS,
          content: { 'application/json': { schema: answer } },
        },
        400: {
          description: 'INVALID_REQUEST (signed)',
          headers: SIGNED_ANSWER_HEADERS,
          content: { 'application/json': { schema: refused } },
        },
        401: {
          description: 'INVALID_SIGNATURE (signed)',
          headers: SIGNED_ANSWER_HEADERS,
          content: { 'application/json': { schema: refused } },
        },
      },
    });
  }
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: "Seamless wallet: the operator's side",
      version: '2.0.0',
      description:
        "The calls the platform makes to an operator that keeps its players' money (docs/operator-integration.md#7-seamless-wallet). Every call is idempotent by transactionId: the same id again gets the first answer again and moves no money; the same id with other fields is TRANSACTION_CONFLICT. Anything but a signed answer (a timeout, a 5xx, no answer) is unknown to the platform, never a success: it rolls a debit back and retries a credit. Each operator chooses its protocol version (1 by default): version 1 is one debit and one credit per bet (/wallet/debit, /wallet/credit, /wallet/rollback); version 2 debits a player's bets of a round in one call and credits them in one call closing the round, each bet described, each call with a signed round-details link (/wallet/v2/…). Balance calls are the same in both. apps/operator-wallet is a reference implementation of both. Generated from packages/operator-protocol's zod schemas (npm run openapi -w @casino/operator-protocol).",
    },
  });
  return JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
}
