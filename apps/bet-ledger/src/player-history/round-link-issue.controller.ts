import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentOperator, OperatorAuthGuard } from '../api/operator-auth.guard';
import { OperatorAccount } from '../operators/operator-account';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { LinkBody, linkBodySchema, LinkPath, linkPathSchema } from './player-history.dto';
import { PlayerHistoryService } from './player-history.service';

/**
 * Part of the signed operator API (/v1): a short-lived link to a round's details for one of the operator's
 * players, to put on the operator's own account pages. Acts for the signing operator only.
 */
@ApiTags('operator API (signed)')
@UseGuards(OperatorAuthGuard)
@Controller('v1')
export class RoundLinkIssueController {
  constructor(private readonly history: PlayerHistoryService) {}

  @Post('players/:playerId/rounds/:tableId/:roundId/link')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'A signed round-details link for the player (a round they bet in); ttlSeconds 60…86400, default 900',
  })
  issue(
    @CurrentOperator() op: OperatorAccount,
    @Param(new ZodValidationPipe(linkPathSchema)) p: LinkPath,
    @Body(new ZodValidationPipe(linkBodySchema)) body: LinkBody,
  ) {
    return this.history.issueLink(
      { operatorId: op.operatorId, playerId: p.playerId },
      p.tableId,
      p.roundId,
      body.ttlSeconds,
    );
  }
}
