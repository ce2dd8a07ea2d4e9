import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { OperatorAccount } from '../operators/operator-account';
import { ManageBonusesUseCase } from '../use-cases/manage-bonuses/manage-bonuses.use-case';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import {
  BonusForfeitRequest,
  bonusForfeitSchema,
  BonusGrantRequest,
  bonusGrantSchema,
  BonusView,
} from '../use-cases/manage-bonuses/manage-bonuses.schemas';
import { CurrentOperator, OperatorAuthGuard } from './operator-auth.guard';

/** Bonus funds through the signed operator API (docs/operator-integration.md#bonus-funds): the signer's players only. */
@UseGuards(OperatorAuthGuard)
@Controller('v1')
export class BonusApiController {
  constructor(private readonly bonuses: ManageBonusesUseCase) {}

  @Post('players/:playerId/bonuses')
  @HttpCode(200)
  grant(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Body(new ZodValidationPipe(bonusGrantSchema)) body: BonusGrantRequest,
  ): Promise<BonusView> {
    return this.bonuses.grant(op, playerId, body);
  }

  @Get('players/:playerId/bonuses')
  list(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
  ): Promise<{ items: BonusView[] }> {
    return this.bonuses.list(op, playerId);
  }

  @Post('players/:playerId/bonuses/:grantId/forfeit')
  @HttpCode(200)
  forfeit(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Param('grantId') grantId: string,
    @Body(new ZodValidationPipe(bonusForfeitSchema)) body: BonusForfeitRequest,
  ): Promise<BonusView> {
    return this.bonuses.forfeit(op, playerId, grantId, body.reason);
  }
}
