import { idSchema } from '@casino/events';
import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  Inject,
  NotFoundException,
  Param,
  Put,
  UseGuards,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { WALLET_CONFIG, WalletConfig } from '../config/wallet-config';
import { WalletPlayerEntity } from '../database/entities/wallet-player.entity';
import { WalletTransactionEntity } from '../database/entities/wallet-transaction.entity';
import { FaultPlan, faultPlanSchema } from '../faults/fault-plan';
import { AdminTokenGuard } from './admin-token.guard';
import { putPlayerSchema } from './player-admin.dto';

function valid<T>(schema: z.ZodType<T, unknown>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new BadRequestException({
    code: 'INVALID_REQUEST',
    message: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
  });
}

/** The operator's own back office over its wallet, and (with OPERATOR_WALLET_FAULTS=on) the faults to show. */
@Controller('admin')
@UseGuards(AdminTokenGuard)
export class PlayerAdminController {
  constructor(
    @Inject(WALLET_CONFIG) private readonly config: WalletConfig,
    private readonly ds: DataSource,
    private readonly faults: FaultPlan,
  ) {}

  @Put('players/:playerId')
  async putPlayer(@Param('playerId') rawId: string, @Body() body: unknown) {
    const playerId = valid(idSchema, rawId);
    const p = valid(putPlayerSchema, body);
    await this.ds.query(
      `INSERT INTO wallet_players (player_id, currency, balance, status, max_stake) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (player_id) DO UPDATE
         SET currency = EXCLUDED.currency, balance = EXCLUDED.balance, status = EXCLUDED.status,
             max_stake = EXCLUDED.max_stake, version = wallet_players.version + 1`,
      [playerId, p.currency, p.balance.toString(), p.status, p.maxStake?.toString() ?? null],
    );
    return this.getPlayer(playerId);
  }

  @Get('players/:playerId')
  async getPlayer(@Param('playerId') playerId: string) {
    const player = await this.ds.getRepository(WalletPlayerEntity).findOneBy({ playerId });
    if (!player) throw new NotFoundException({ code: 'UNKNOWN_PLAYER', message: `no player ${playerId}` });
    return {
      playerId: player.playerId,
      currency: player.currency,
      balance: player.balance.toString(),
      status: player.status,
      maxStake: player.maxStake?.toString() ?? null,
    };
  }

  @Get('players/:playerId/transactions')
  async transactions(@Param('playerId') playerId: string) {
    const rows = await this.ds
      .getRepository(WalletTransactionEntity)
      .find({ where: { playerId }, order: { createdAt: 'ASC' }, take: 1000 });
    return rows.map((t) => ({
      transactionId: t.transactionId,
      call: t.call,
      amount: t.amount.toString(),
      debitTransactionId: t.debitTransactionId,
      roundId: t.roundId,
      betId: t.betId,
      state: t.state,
      answer: t.answer,
      request: t.request,
      createdAt: t.createdAt.toISOString(),
    }));
  }

  @Put('faults')
  setFaults(@Body() body: unknown) {
    this.faultsEnabled();
    this.faults.set(valid(faultPlanSchema, body).faults);
    return { faults: this.faults.list() };
  }

  @Delete('faults')
  clearFaults() {
    this.faultsEnabled();
    this.faults.set([]);
    return { faults: [] };
  }

  private faultsEnabled(): void {
    if (this.config.OPERATOR_WALLET_FAULTS !== 'on')
      throw new NotFoundException({ code: 'FAULTS_DISABLED', message: 'OPERATOR_WALLET_FAULTS is off' });
  }
}
