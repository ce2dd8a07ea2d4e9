import { LobbyControllerBase } from '@casino/table-kit/nest';
import { Controller } from '@nestjs/common';
import { TableService } from '../table/table.service';

/** Public read side: health, the lobby's table list, a table's state. */
@Controller()
export class LobbyController extends LobbyControllerBase {
  constructor(tables: TableService) {
    super('roulette-service', tables);
  }
}
