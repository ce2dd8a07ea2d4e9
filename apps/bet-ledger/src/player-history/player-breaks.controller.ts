import { Body, Controller, Get, Headers, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PlayerHistoryService } from './player-history.service';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import {
  CoolingOffRequest,
  coolingOffSchema,
  PlayerLimitsRequest,
  playerLimitsSchema,
} from '../use-cases/player-breaks/player-breaks.schemas';
import { PlayerBreaksUseCase } from '../use-cases/player-breaks/player-breaks.use-case';

/**
 * The player's responsible-gambling routes, with their player token (Authorization: Bearer, checked as the
 * history's: signature, lifetime, a launch session neither revoked nor expired): scoped to the token's operator,
 * player and currency.
 */
@ApiTags('player: responsible gambling')
@ApiBearerAuth()
@Controller('player')
export class PlayerBreaksController {
  constructor(
    private readonly auth: PlayerHistoryService,
    private readonly breaks: PlayerBreaksUseCase,
  ) {}

  @Get('responsible-gambling')
  @ApiOperation({
    summary: 'The player’s limits, usage, cooling-off and the operator’s reality-check interval',
  })
  async view(@Headers('authorization') authorization: string | undefined) {
    return this.breaks.view(await this.auth.authenticate(authorization));
  }

  @Post('cooling-off')
  @ApiOperation({
    summary: 'A break from play of `hours` (1–8760): the ledger refuses every bet until it ends',
  })
  async coolOff(
    @Headers('authorization') authorization: string | undefined,
    @Body(new ZodValidationPipe(coolingOffSchema)) body: CoolingOffRequest,
  ) {
    return this.breaks.coolOff(await this.auth.authenticate(authorization), body.hours);
  }

  @Put('limits')
  @ApiOperation({ summary: 'The player’s own daily loss and stake limits, where the operator allows them' })
  async setLimits(
    @Headers('authorization') authorization: string | undefined,
    @Body(new ZodValidationPipe(playerLimitsSchema)) body: PlayerLimitsRequest,
  ) {
    return this.breaks.setLimits(await this.auth.authenticate(authorization), body);
  }
}
