import type { TableMessageName } from '@packages/player-protocol/src/index';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../context/app-context';
import { formatMoney } from '@packages/wallet/src/money-display';
import { amount, arr, obj, str } from '../../net/game-connection';
import { GameTable, useGameTable } from '../../net/use-game-table';
import { useRejection } from '../../ui/use-rejection';
import { settlementNotice } from './settlement-notice';
import { settledSince } from '../../responsible/play-session';
import { recentRounds } from '../../responsible/rg-api';
import { useRgTranslation } from '../../responsible/rg-strings';

export type TableAction<S> =
  | { kind: 'snapshot'; snapshot: Record<string, unknown>; skewMs: number }
  | { kind: 'event'; name: TableMessageName; payload: Record<string, unknown>; skewMs: number }
  | { kind: 'local'; update: (s: S) => S };

export interface TableReducers<S> {
  fromSnapshot(previous: S, snapshot: Record<string, unknown>, skewMs: number): S;
  applyEvent(state: S, name: TableMessageName, payload: Record<string, unknown>, skewMs: number): S;
}

/**
 * What every table view shares: the socket (joined on every connection), its state from the snapshot and the
 * messages, the balance in the header, a readable message for every rejection, a toast for wins and refunds.
 */
export function useTableSession<S>(
  serviceUrl: string,
  token: string,
  tableId: string,
  initial: S,
  reducers: TableReducers<S>,
  currency: string,
  onEvent?: (name: TableMessageName, payload: Record<string, unknown>) => void,
): { state: S; game: GameTable; update: (f: (s: S) => S) => void } {
  const { t } = useTranslation();
  const { setBalance, notify, locale, cue, settleRound, sessionStartedAt } = useApp();
  const rg = useRgTranslation();
  const reject = useRejection();
  const skew = useRef(0);
  const [state, dispatch] = useReducer((s: S, action: TableAction<S>): S => {
    switch (action.kind) {
      case 'snapshot':
        return reducers.fromSnapshot(s, action.snapshot, action.skewMs);
      case 'event':
        return reducers.applyEvent(s, action.name, action.payload, action.skewMs);
      case 'local':
        return action.update(s);
    }
  }, initial);

  const game = useGameTable(serviceUrl, token, tableId, (name, payload) => {
    dispatch({ kind: 'event', name, payload, skewMs: skew.current });
    onEvent?.(name, payload);
    const balance = amount(payload.balance);
    if (balance !== null && (name === 'balance' || name.startsWith('bet:'))) setBalance(balance);
    if (name === 'bet:rejected' || name === 'bet:cancelRejected') reject(str(payload.code, 'INTERNAL_ERROR'));
    // Counted once in the play session's net result; a round already counted from the history after a
    // reconnection (the ledger settled it before this message came) gets no second toast.
    const counted =
      name === 'round:settled' &&
      settleRound(
        `${tableId}/${str(payload.roundId)}`,
        BigInt(amount(payload.totalReturned) ?? '0') - BigInt(amount(payload.totalStaked) ?? '0'),
      );
    if (counted) {
      const notice = settlementNotice(
        arr(payload.bets).map((b) => ({
          stake: BigInt(amount(obj(b).stake) ?? '0'),
          returned: BigInt(amount(obj(b).returned) ?? '0'),
          outcome: str(obj(b).outcome),
        })),
      );
      if (notice?.kind === 'win') {
        notify('win', t('outcome.youWin', { amount: formatMoney(notice.amount, currency, locale) }));
        cue('win');
      } else if (notice?.kind === 'pushed') notify('info', t('outcome.pushed'));
      else if (notice?.kind === 'returned')
        notify('info', t('outcome.returned', { amount: formatMoney(notice.amount, currency, locale) }));
    }
    if (name === 'round:refunded') {
      const refunded = amount(payload.totalRefunded) ?? '0';
      notify('info', t('outcome.refunded', { amount: formatMoney(refunded, currency, locale) }));
    }
  });

  useEffect(() => {
    if (!game.snapshot) return;
    skew.current = game.skewMs;
    dispatch({ kind: 'snapshot', snapshot: game.snapshot, skewMs: game.skewMs });
    const balance = amount(obj(game.snapshot).balance);
    if (balance !== null) setBalance(balance);
  }, [game.snapshot, game.skewMs, setBalance]);

  useEffect(() => {
    if (game.restoredAt !== null) notify('info', t('app.restored'));
  }, [game.restoredAt, notify, t]);

  // After every join: the settlements of this table the socket did not deliver (the connection was down when the
  // ledger settled, or the page was reloaded), from the ledger's history of the player (docs/websocket-api.md#after-a-reconnection).
  // Each is counted in the session once; after a reconnection each also gets its toast.
  useEffect(() => {
    if (!game.snapshot || !token) return;
    const restored = game.restoredAt !== null;
    let alive = true;
    recentRounds(token).then(
      (items) => {
        if (!alive) return;
        const rounds = items.map((x) => {
          const r = obj(x);
          return {
            tableId: str(r.tableId),
            roundId: str(r.roundId),
            status: str(r.status),
            finishedAt: typeof r.finishedAt === 'string' ? r.finishedAt : null,
            staked: amount(r.staked) ?? '0',
            returned: amount(r.returned) ?? '0',
          };
        });
        for (const r of settledSince(rounds, tableId, sessionStartedAt)) {
          const net = BigInt(r.returned) - BigInt(r.staked);
          if (settleRound(`${r.tableId}/${r.roundId}`, net) && restored)
            notify(
              net > 0n ? 'win' : 'info',
              rg.t('rg.missed', { amount: `${net > 0n ? '+' : ''}${formatMoney(net, currency, locale)}` }),
            );
        }
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
    // Once per join: the snapshot is a new object after each.
  }, [game.snapshot]);

  return { state, game, update: (f) => dispatch({ kind: 'local', update: f }) };
}

/** The bets of the last round that had some: what Repeat places again. */
export function useRepeatable<B>(
  roundId: string | null,
  bets: readonly B[],
): { readonly current: readonly B[] } {
  const previous = useRef<readonly B[]>([]);
  const current = useRef<{ roundId: string | null; bets: readonly B[] }>({ roundId: null, bets: [] });
  useEffect(() => {
    if (roundId !== current.current.roundId) {
      if (current.current.bets.length > 0) previous.current = current.current.bets;
      current.current = { roundId, bets };
    } else if (bets.length > 0) {
      current.current = { roundId, bets };
    }
  }, [roundId, bets]);
  return previous;
}
