import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { LEDGER_CONFIG, LedgerConfig } from '../../config/ledger-config';
import { ManageBonusesUseCase } from './manage-bonuses.use-case';

/**
 * Ends bonuses past their expiry (what is left removed, booked and audited) and clears bonus accounts holding
 * returns of ended bonuses (docs/ledger.md#bonus-funds). Every instance runs one: each bonus is ended under its
 * accounts' locks, so two sweepers (or a sweeper and a settlement) never end it twice.
 */
@Injectable()
export class BonusSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('BonusSweeper');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly bonuses: ManageBonusesUseCase,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.LEDGER_BONUS_SWEEP_MS;
    if (every === 0) return;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.sweep().finally(() => (this.running = undefined));
    }, every);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  async sweep(): Promise<void> {
    try {
      const expired = await this.bonuses.expireDue();
      const cleared = await this.bonuses.clearLeftovers();
      if (expired + cleared > 0) this.log.log(`bonuses expired: ${expired}, leftovers cleared: ${cleared}`);
    } catch (err) {
      this.log.warn(`bonus sweep failed: ${(err as Error).message}`);
    }
  }
}
