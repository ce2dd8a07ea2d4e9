import { HttpException, HttpStatus } from '@nestjs/common';
import { z } from 'zod';
import { parseMessage } from '../wire/message-schemas';
import { toWire, WireValue } from '../wire/to-wire';

/** A table as the dealer console drives it: a dealer command in, the machine's reply out. */
export interface DealerTable<C> {
  dispatch(input: { kind: 'dealer'; command: C }): Promise<{ ok: boolean } | undefined>;
}

/**
 * Request handling every dealer console shares: invalid bodies are HTTP 400, unknown tables 404, a refused
 * command 409 with the machine's `{ code, message }`. The game's controller (with @DealerConsole(): dealer token, table scope, audit) maps
 * its routes to commands.
 */
export abstract class DealerConsoleBase<C> {
  protected constructor(private readonly tableOf: (tableId: string) => DealerTable<C> | undefined) {}

  protected parse<S extends z.ZodTypeAny>(schema: S, body: unknown): z.infer<S> {
    const msg = parseMessage(schema, body);
    if (!msg.ok) throw new HttpException(msg, HttpStatus.BAD_REQUEST);
    return msg.value;
  }

  protected async command(tableId: string, command: C): Promise<WireValue> {
    const table = this.tableOf(tableId);
    if (!table) throw new HttpException({ code: 'TABLE_UNKNOWN', message: this.unknownTable(tableId) }, 404);
    const reply = await table.dispatch({ kind: 'dealer', command });
    if (!reply || !reply.ok) {
      throw new HttpException(reply ?? { code: 'INTERNAL_ERROR', message: 'no reply' }, HttpStatus.CONFLICT);
    }
    return toWire(reply);
  }

  protected unknownTable(tableId: string): string {
    return `no table ${tableId}`;
  }
}
