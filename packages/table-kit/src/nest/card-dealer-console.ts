import { Body, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { WireValue } from '../wire/to-wire';
import { DealerConsoleBase, DealerTable } from './dealer-console';

/** The dealer commands every card table (baccarat, blackjack) takes. */
export type CardDealerCommand =
  /** `signature`: the studio's signature of the card (docs/kafka-security.md#signed-live-results), kept as it is. */
  | { kind: 'card'; card: string; signature?: string }
  | { kind: 'rescan' }
  /** `approvalId`: a pit boss's approval of the void, required once betting has closed. */
  | { kind: 'void'; reason: 'misdeal' | 'malfunction'; message?: string; approvalId?: string }
  | { kind: 'newShoe' }
  | { kind: 'cutCard' };

const scannedCardSchema = z
  .object({ card: z.string().min(1).max(8), signature: z.string().min(1).max(200).optional() })
  .strict();
const voidRoundSchema = z
  .object({
    reason: z.enum(['misdeal', 'malfunction']),
    message: z.string().max(300).optional(),
    approvalId: z.string().uuid().optional(),
  })
  .strict();

/**
 * The routes of a card table's dealer console (on the game's @Controller with @DealerConsole()): scanned cards
 * and rescans (studio tables), voids, a new shoe and the cut card. A game adds its own routes beside these.
 */
export abstract class CardDealerConsoleBase<C extends { kind: string }> extends DealerConsoleBase<
  C | CardDealerCommand
> {
  protected constructor(tableOf: (tableId: string) => DealerTable<C | CardDealerCommand> | undefined) {
    super(tableOf);
  }

  @Post('card')
  @HttpCode(200)
  card(@Param('tableId') tableId: string, @Body() body: unknown): Promise<WireValue> {
    const msg = this.parse(scannedCardSchema, body);
    return this.command(tableId, { kind: 'card', card: msg.card, signature: msg.signature });
  }

  @Post('rescan')
  @HttpCode(200)
  rescan(@Param('tableId') tableId: string): Promise<WireValue> {
    return this.command(tableId, { kind: 'rescan' });
  }

  @Post('void')
  @HttpCode(200)
  voidRound(@Param('tableId') tableId: string, @Body() body: unknown): Promise<WireValue> {
    const msg = this.parse(voidRoundSchema, body);
    return this.command(tableId, {
      kind: 'void',
      reason: msg.reason,
      message: msg.message,
      approvalId: msg.approvalId,
    });
  }

  /** Manager: a new shoe after this round (or, on a studio table waiting for one, the new shoe is loaded). */
  @Post('new-shoe')
  @HttpCode(200)
  newShoe(@Param('tableId') tableId: string): Promise<WireValue> {
    return this.command(tableId, { kind: 'newShoe' });
  }

  /** Studio: the cut card came out; the current round is the last of the shoe. */
  @Post('cut-card')
  @HttpCode(200)
  cutCard(@Param('tableId') tableId: string): Promise<WireValue> {
    return this.command(tableId, { kind: 'cutCard' });
  }
}
