import { DynamicModule, Logger, Module } from '@nestjs/common';
import { Clock, systemClock } from '../timers/clock';
import { DealerAccountsEnv } from './dealer-accounts-config';
import { DEALER_ACCOUNTS_OPTIONS, DEALER_STORE, DealerAccountsOptions } from './dealer-accounts-options';
import { DealerAuditInterceptor } from './dealer-audit.interceptor';
import { DealerAuthController } from './dealer-auth.controller';
import { DealerAuthGuard } from './dealer-auth.guard';
import { DealerAuthService } from './dealer-auth.service';
import { PgDealerStore } from './dealer.repository';
import { DealerStore } from './dealer-store';
import { LoginThrottle } from './login-throttle';
import { MemoryDealerStore } from './memory-dealer.repository';

/** Most dealer ids and client addresses the login throttle remembers. */
const THROTTLE_MAX_KEYS = 100_000;

/** Closes the registry's pool with the app. */
class DealerStoreHandle {
  constructor(readonly store: DealerStore) {}
  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

/**
 * Dealer accounts of one game service: login, the guard and audit interceptor of its dealer controller
 * (`@DealerConsole()`), the audit log's reading. Global, so the game's controllers find the guard's parts.
 */
@Module({})
export class DealerAccountsModule {
  static forRoot(env: DealerAccountsEnv, service: string, clock: Clock = systemClock): DynamicModule {
    const options: DealerAccountsOptions = { service, env, clock };
    return {
      module: DealerAccountsModule,
      global: true,
      controllers: [DealerAuthController],
      providers: [
        { provide: DEALER_ACCOUNTS_OPTIONS, useValue: options },
        {
          provide: DealerStoreHandle,
          useFactory: async () => {
            if (env.DATABASE_URL)
              return new DealerStoreHandle(
                await PgDealerStore.open(env.DATABASE_URL, service, { migrate: env.DB_MIGRATIONS_RUN }),
              );
            new Logger('DealerAccounts').warn(
              'DATABASE_URL not set: no dealer accounts, audit kept in memory',
            );
            return new DealerStoreHandle(new MemoryDealerStore(service));
          },
        },
        { provide: DEALER_STORE, useFactory: (h: DealerStoreHandle) => h.store, inject: [DealerStoreHandle] },
        {
          provide: LoginThrottle,
          useValue: new LoginThrottle(clock, {
            maxFailuresPerDealer: env.DEALER_LOGIN_MAX_FAILURES,
            maxFailuresPerIp: env.DEALER_LOGIN_MAX_FAILURES_PER_IP,
            windowMs: env.DEALER_LOGIN_WINDOW_SECONDS * 1000,
            maxKeys: THROTTLE_MAX_KEYS,
          }),
        },
        DealerAuthService,
        DealerAuthGuard,
        DealerAuditInterceptor,
      ],
      exports: [DEALER_STORE, DealerAuthService, DealerAuthGuard, DealerAuditInterceptor],
    };
  }
}
