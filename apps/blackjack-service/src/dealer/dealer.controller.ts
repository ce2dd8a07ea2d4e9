import { CardDealerConsoleBase, DealerConsole } from '@casino/table-kit/nest';
import { Controller } from '@nestjs/common';
import { BlackjackDealerCommand } from '../table/blackjack-table.state';
import { TableService } from '../table/table.service';

/**
 * The blackjack console (dealer token, table scope, audit): the card-table routes (scanned cards and rescans on studio
 * tables, voids, new shoe, cut card). Refusals are HTTP 409 `{ code, message }`; bad bodies 400.
 */
@Controller('dealer/tables/:tableId')
@DealerConsole()
export class DealerController extends CardDealerConsoleBase<BlackjackDealerCommand> {
  constructor(tables: TableService) {
    super((tableId) => tables.runtime.host(tableId));
  }
}
