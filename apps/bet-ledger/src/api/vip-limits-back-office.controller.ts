import { Body, Controller, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AuditService } from '../back-office/audit/audit.service';
import { CurrentStaff, Requires } from '../back-office/auth/back-office.guard';
import { StaffPrincipal } from '../back-office/auth/permissions';
import { GrantVipLimitsUseCase } from '../use-cases/grant-vip-limits/grant-vip-limits.use-case';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { BackOfficeGuard } from './operator-auth.guard';
import { VipGrantDto, vipGrantSchema } from './vip-limits.dto';
import { vipView } from './vip-limits.view';

// In the back office the actor is the logged-in staff member: the body names only the amount and the reason.
const grantSchema = vipGrantSchema.omit({ actor: true });
const revokeSchema = z.object({ reason: z.string().trim().min(1).max(500) }).strict();

/** VIP limits in the back office (docs/rules/restrictions.md#vip-limits), audited in both audits. */
@ApiTags('back office: players')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@Controller('operators/:operatorId/players/:playerId/vip-limits')
export class VipLimitsBackOfficeController {
  constructor(
    private readonly vip: GrantVipLimitsUseCase,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @Requires('players.read')
  @ApiOperation({ summary: "A player's VIP maxima and their audit" })
  async list(@Param('operatorId') operatorId: string, @Param('playerId') playerId: string) {
    return vipView(await this.vip.list(operatorId, playerId));
  }

  @Put(':game/:limitKey')
  @Requires('players.vip')
  @ApiOperation({
    summary: "Grants a VIP maximum above the table's, bounded at each table by its VIP ceiling",
  })
  @ApiBody({ type: VipGrantDto })
  async grant(
    @CurrentStaff() who: StaffPrincipal,
    @Param('operatorId') operatorId: string,
    @Param('playerId') playerId: string,
    @Param('game') game: string,
    @Param('limitKey') limitKey: string,
    @Body(new ZodValidationPipe(grantSchema)) body: z.infer<typeof grantSchema>,
  ) {
    const key = { operatorId, playerId, game, limitKey };
    const { previousMax } = await this.vip.grant({ ...key, ...body, actor: who.username });
    await this.audit.record(who, 'player.vipLimit', `player/${operatorId}/${playerId}`, body.reason, {
      game,
      limitKey,
      max: body.max.toString(),
      previousMax: previousMax?.toString() ?? null,
    });
    return { game, limitKey, max: body.max.toString(), previousMax: previousMax?.toString() ?? null };
  }

  @Post(':game/:limitKey/revoke')
  @HttpCode(200)
  @Requires('players.vip')
  @ApiOperation({ summary: 'Revokes a VIP maximum' })
  async revoke(
    @CurrentStaff() who: StaffPrincipal,
    @Param('operatorId') operatorId: string,
    @Param('playerId') playerId: string,
    @Param('game') game: string,
    @Param('limitKey') limitKey: string,
    @Body(new ZodValidationPipe(revokeSchema)) body: z.infer<typeof revokeSchema>,
  ) {
    const key = { operatorId, playerId, game, limitKey };
    const { previousMax } = await this.vip.revoke({ ...key, actor: who.username, reason: body.reason });
    await this.audit.record(who, 'player.vipLimitRevoke', `player/${operatorId}/${playerId}`, body.reason, {
      game,
      limitKey,
      previousMax: previousMax.toString(),
    });
    return { game, limitKey, previousMax: previousMax.toString() };
  }
}
