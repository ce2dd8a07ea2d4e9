import { gameMetrics, logFields, socketMetrics } from '@casino/observability';
import { Logger } from '@nestjs/common';
import { Namespace, Server } from 'socket.io';

const logger = new Logger('TableGateway');

/** Counts the server's connected sockets at each scrape (`casino_sockets_connected`). */
export function trackSockets(server: Server | Namespace): void {
  const namespace = server instanceof Server ? server.sockets : server;
  socketMetrics().track(() => namespace.sockets.size);
}

/**
 * A placeBet's answer: counted by table and outcome (`pending`: the command is on its way to the ledger; else the
 * refusal code) and, at debug level, logged with the command id(s) the player got as `ref` — the id every later
 * line of the bet carries (the ledger's decision, the relay to the socket).
 */
export function observeBetReceived(tableId: string | undefined, answer: object | null): void {
  const a = (answer ?? {}) as {
    ok?: boolean;
    code?: string;
    ref?: string;
    refs?: string[];
    roundId?: string;
  };
  const outcome = a.ok === true ? 'pending' : (a.code ?? 'NO_ANSWER');
  gameMetrics().betsReceived.inc({ table: tableId ?? 'unknown', outcome });
  if (!Logger.isLevelEnabled('debug')) return;
  const refs = a.refs ?? (a.ref === undefined ? [undefined] : [a.ref]);
  for (const ref of refs)
    logger.debug(
      logFields('bet received', {
        tableId,
        roundId: a.roundId,
        commandId: ref,
        outcome: a.ok ? 'pending' : a.code,
      }),
    );
}
