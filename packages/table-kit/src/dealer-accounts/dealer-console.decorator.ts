import { applyDecorators, UseGuards, UseInterceptors } from '@nestjs/common';
import { DealerAuthGuard } from './dealer-auth.guard';
import { DealerAuditInterceptor } from './dealer-audit.interceptor';

/** On a game's dealer controller: dealer accounts scoped to tables, every command in the audit log. */
export function DealerConsole(): ClassDecorator {
  return applyDecorators(UseGuards(DealerAuthGuard), UseInterceptors(DealerAuditInterceptor));
}
