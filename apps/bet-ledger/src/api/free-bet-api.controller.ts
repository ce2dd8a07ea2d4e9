import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { OperatorAccount } from '../operators/operator-account';
import { ManageFreeBetsUseCase } from '../use-cases/manage-free-bets/manage-free-bets.use-case';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import {
  FreeBetGrantRequest,
  freeBetGrantSchema,
  FreeBetView,
} from '../use-cases/manage-free-bets/manage-free-bets.schemas';
import { CurrentOperator, OperatorAuthGuard } from './operator-auth.guard';

/** Free bets through the signed operator API (docs/operator-integration.md#free-bets): the signer's players only. */
@UseGuards(OperatorAuthGuard)
@Controller('v1')
export class FreeBetApiController {
  constructor(private readonly freeBets: ManageFreeBetsUseCase) {}

  @Post('players/:playerId/free-bets')
  @HttpCode(200)
  grant(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Body(new ZodValidationPipe(freeBetGrantSchema)) body: FreeBetGrantRequest,
  ): Promise<FreeBetView> {
    return this.freeBets.grant(op, playerId, body);
  }

  @Get('players/:playerId/free-bets')
  list(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
  ): Promise<{ items: FreeBetView[] }> {
    return this.freeBets.list(op, playerId);
  }
}
