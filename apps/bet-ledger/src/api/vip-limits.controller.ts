import { Body, Controller, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OperatorAccount } from '../operators/operator-account';
import { GrantVipLimitsUseCase } from '../use-cases/grant-vip-limits/grant-vip-limits.use-case';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { CurrentOperator, OperatorAuthGuard } from './operator-auth.guard';
import {
  VipGrantDto,
  VipGrantRequest,
  vipGrantSchema,
  VipRevokeDto,
  VipRevokeRequest,
  vipRevokeSchema,
} from './vip-limits.dto';
import { vipView } from './vip-limits.view';

/**
 * VIP limits through the signed operator API (docs/rules/restrictions.md#vip-limits): always for the operator of the
 * credential that signed the request, never one named in the path or body.
 */
@ApiTags('operator API (signed)')
@ApiHeader({ name: 'X-Casino-Key', required: true, description: 'key id' })
@ApiHeader({ name: 'X-Casino-Timestamp', required: true, description: 'Unix ms, within 5 minutes' })
@ApiHeader({ name: 'X-Casino-Request-Id', required: true, description: 'unique per request' })
@ApiHeader({ name: 'X-Casino-Signature', required: true, description: 'hex HMAC-SHA256, see /v1' })
@UseGuards(OperatorAuthGuard)
@Controller('v1/players/:playerId/vip-limits')
export class VipLimitsController {
  constructor(private readonly vip: GrantVipLimitsUseCase) {}

  @Put(':game/:limitKey')
  @ApiOperation({
    summary:
      "Grants a VIP maximum above the table's (limitKey '*' = every bet of the game); at each table never above its VIP ceiling; audited",
  })
  @ApiBody({ type: VipGrantDto })
  async grant(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Param('game') game: string,
    @Param('limitKey') limitKey: string,
    @Body(new ZodValidationPipe(vipGrantSchema)) body: VipGrantRequest,
  ) {
    const key = { operatorId: op.operatorId, playerId, game, limitKey };
    const { previousMax } = await this.vip.grant({ ...key, ...body });
    return { game, limitKey, max: body.max.toString(), previousMax: previousMax?.toString() ?? null };
  }

  @Post(':game/:limitKey/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revokes a VIP maximum (the table maximum applies again); audited' })
  @ApiBody({ type: VipRevokeDto })
  async revoke(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Param('game') game: string,
    @Param('limitKey') limitKey: string,
    @Body(new ZodValidationPipe(vipRevokeSchema)) body: VipRevokeRequest,
  ) {
    const { previousMax } = await this.vip.revoke({
      operatorId: op.operatorId,
      playerId,
      game,
      limitKey,
      ...body,
    });
    return { game, limitKey, previousMax: previousMax.toString() };
  }

  @Get()
  @ApiOperation({ summary: "The player's VIP maxima and their audit (newest first)" })
  async list(@CurrentOperator() op: OperatorAccount, @Param('playerId') playerId: string) {
    return vipView(await this.vip.list(op.operatorId, playerId));
  }
}
