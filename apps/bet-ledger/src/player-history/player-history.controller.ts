import { Controller, Get, Headers, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import {
  HistoryQuery,
  historyQuerySchema,
  LinkQuery,
  linkQuerySchema,
  RoundPath,
  roundPathSchema,
} from './player-history.dto';
import { PlayerHistoryService } from './player-history.service';

/**
 * The player's own history, read with their player token (Authorization: Bearer): only that operator's player's
 * rounds. A round they did not bet in, or another operator's, is ROUND_NOT_FOUND.
 */
@ApiTags('player: history')
@ApiBearerAuth()
@Controller('player')
export class PlayerHistoryController {
  constructor(private readonly history: PlayerHistoryService) {}

  @Get('history')
  @ApiOperation({ summary: 'The rounds the player bet in, newest first (game filter, cursor = nextBefore)' })
  async list(
    @Headers('authorization') authorization: string | undefined,
    @Query(new ZodValidationPipe(historyQuerySchema)) q: HistoryQuery,
  ) {
    const who = await this.history.authenticate(authorization);
    return this.history.history(who, q);
  }

  @Get('rounds/:tableId/:roundId')
  @ApiOperation({ summary: "A round's details for the player: their bets, the result, the payout, the shoe" })
  async round(
    @Headers('authorization') authorization: string | undefined,
    @Param(new ZodValidationPipe(roundPathSchema)) p: RoundPath,
  ) {
    const who = await this.history.authenticate(authorization);
    return this.history.round(who, p.tableId, p.roundId);
  }
}

/** A round's details opened by an operator's signed link (POST /v1/players/…/link), without a player token. */
@ApiTags('player: history')
@Controller('round-links')
export class RoundLinkController {
  constructor(private readonly history: PlayerHistoryService) {}

  @Get()
  @ApiOperation({ summary: 'The round a signed link names (operator, player, table, round, exp, sig)' })
  open(@Query(new ZodValidationPipe(linkQuerySchema)) q: LinkQuery) {
    return this.history.roundByLink(q);
  }
}
