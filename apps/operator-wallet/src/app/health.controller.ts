import { Controller, Get } from '@nestjs/common';

/** `GET /health`: the process is up and serving (the demo and supervisors wait on it). Unsigned, no data. */
@Controller('health')
export class HealthController {
  @Get()
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
