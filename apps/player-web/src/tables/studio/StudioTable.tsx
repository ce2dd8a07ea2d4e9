import type { SlipBetResult } from '@packages/player-protocol/src/bet-slip';
import type { StudioGameId } from '@packages/player-protocol/src/index';
import { useMemo, useState } from 'react';
import { useApp } from '../../context/app-context';
import { gameName } from '../../games/clients';
import { HistoryButton } from '../../history/HistoryButton';
import { plainTranslate } from '../../i18n/translate';
import { useBetSlip } from '../../net/use-bet-slip';
import type { LobbyTable } from '../../net/use-lobby';
import { LimitsButton } from '../../rules/LimitsDialog';
import { RulesButton } from '../../rules/RulesDialog';
import { SoundSwitch, usePhaseCues } from '../../sound/SoundSwitch';
import { chipValues } from '../../ui/chip';
import { Countdown } from '../../ui/countdown';
import { useRejection } from '../../ui/use-rejection';
import { ConnectionBanner } from '../shared/ConnectionBanner';
import { LiveBetControls } from '../shared/LiveBetControls';
import { useRepeatable, useTableSession } from '../shared/use-table-session';
import { resultKind, studioSpots, tableConfigOf, winningSpots, type StudioSpot } from './studio-games';
import { studioLimits, studioPayRows } from './studio-limits';
import { ResultBanner, ResultStage, ResultsStrip, StudioLayout } from './studio-parts';
import { applyEvent, emptyStudio, fromSnapshot, stakesBySpot, type StudioMyBet } from './studio-state';
import { useStudioTranslation } from './studio-strings';
import './studio.css';

const reducers = { fromSnapshot, applyEvent };

/**
 * A table of a studio game (Dragon Tiger, Football Studio, Sic Bo, Fan Tan): one view for the four, its spots and
 * payouts from the game's definition and engine, its result from the service's `round:result`.
 */
export function StudioTable({
  table,
  token,
  game,
}: {
  table: LobbyTable;
  token: string;
  game: StudioGameId;
}) {
  const translation = useStudioTranslation();
  const t = plainTranslate(translation.t);
  const { locale } = useApp();
  const reject = useRejection();
  const {
    state,
    game: connection,
    update,
  } = useTableSession(table.serviceUrl, token, table.tableId, emptyStudio(game), reducers, table.currency);
  usePhaseCues(state.phase);
  const config = useMemo(() => tableConfigOf(game, state.settings), [game, state.settings]);
  const spots = useMemo(() => studioSpots(game, config), [game, config]);
  const winners = useMemo(
    () =>
      state.result
        ? winningSpots(game, config, state.result as unknown as Record<string, unknown>)
        : new Set<string>(),
    [game, config, state.result],
  );
  const chips = useMemo(() => chipValues(table.limits.min, table.limits.max), [table.limits]);
  const [chip, setChip] = useState(chips[0] ?? '100');
  const previous = useRepeatable(state.roundId, state.myBets);
  const socket = connection.connection;
  const betting = state.phase === 'betting' && connection.status === 'online';
  const stakes = stakesBySpot(state.myBets);
  const total = state.myBets.reduce((sum, b) => sum + BigInt(b.stake), 0n);
  const slip = useBetSlip(socket, table.tableId, state.roundId);

  /** A bet's own result from the slip: shown on its spot when taken, its refusal told when not. */
  const placed = (key: string, bet: Record<string, unknown>, stake: string, result: SlipBetResult) => {
    if (!result.ok) return reject(result.code);
    const ref = result.refs[0];
    if (ref)
      update((s) =>
        s.myBets.some((b) => b.ref === ref)
          ? s
          : { ...s, myBets: [...s.myBets, { ref, key, bet, stake, status: 'pending' }] },
      );
  };

  const place = async (spot: StudioSpot) => {
    if (!socket) return;
    placed(spot.key, spot.bet, chip, await slip.add({ bet: spot.bet, stake: chip }));
  };

  /** Repeat (the last round's bets) and double (the bets on the table now): each one command. */
  const placeAll = async (bets: readonly StudioMyBet[], intent: 'repeat' | 'double') => {
    const results = await slip.send(
      bets.map((b) => ({ bet: b.bet, stake: b.stake })),
      intent,
    );
    const codes = new Set<string>();
    results.forEach((r, i) =>
      r.ok ? placed(bets[i].key, bets[i].bet, bets[i].stake, r) : codes.add(r.code),
    );
    for (const code of codes) reject(code);
  };

  const undo = async () => {
    const last = state.myBets.at(-1);
    if (!socket || !last) return;
    const ack = await socket.request('cancelBet', {
      tableId: table.tableId,
      roundId: state.roundId,
      ref: last.ref,
    });
    if (!ack.ok) reject(ack.code);
  };

  const repeat = async () => {
    if (previous.current.length === 0) return reject('NOTHING_TO_REPEAT');
    await placeAll(previous.current, 'repeat');
  };

  const double = async () => {
    if (state.myBets.length > 0) await placeAll(state.myBets, 'double');
  };

  const kind = resultKind(game);
  const drawing = state.phase === 'drawing';
  const title = gameName(translation.t, game);
  return (
    <div
      className={`table table--studio table--${game}`}
      data-testid={`table-${game}`}
      data-phase={state.phase}
    >
      <ConnectionBanner game={connection} />
      <div className="table__head">
        <div>
          <h1 className="table__title">{table.name}</h1>
          <div className="table__sub">
            {title}
            {state.roundNumber > 0 ? ` · ${t('studio.round', { number: state.roundNumber })}` : ''}
          </div>
        </div>
        <div className="table__status">
          <span className={`phase phase--${state.phase}`} data-testid="phase">
            {t(`studio.phase.${state.phase}`, { defaultValue: state.phase })}
          </span>
          <Countdown deadline={state.closesAt} totalMs={state.bettingMs} label={t('studio.phase.betting')} />
          <LimitsButton
            game={game}
            limits={connection.snapshot ? studioLimits(connection.snapshot, spots, t) : null}
            currency={table.currency}
          />
          <RulesButton game={game} lines={[t(`studio.rules.${game}`)]} rows={studioPayRows(spots, t)} />
          <HistoryButton game={game} />
          <SoundSwitch />
        </div>
      </div>
      <div
        className={`felt felt--studio felt--${kind}`}
        data-testid="stage"
        data-round={state.result?.roundId}
        data-result={state.result ? JSON.stringify(state.result) : undefined}
      >
        <ResultStage
          game={game}
          result={state.result}
          previous={state.history.at(-1) ?? null}
          drawing={drawing}
          t={t}
        />
        <div className="stage-caption">
          {drawing ? (
            <span className="stage-caption__drawing">
              {t(`studio.drawing.${kind}`)}
              {state.redraws > 0 ? ` · ${t('studio.drawing.again')}` : ''}
            </span>
          ) : null}
          {state.phase === 'result' || state.voided ? (
            <ResultBanner
              game={game}
              result={state.result}
              winners={winners}
              spots={spots}
              voided={state.voided}
              t={t}
            />
          ) : null}
        </div>
      </div>
      <ResultsStrip game={game} results={state.history} t={t} />
      <StudioLayout
        game={game}
        spots={spots}
        stakes={stakes}
        winners={winners}
        disabled={!betting}
        currency={table.currency}
        locale={locale}
        onBet={(spot) => void place(spot)}
        t={t}
      />
      <LiveBetControls
        chips={chips}
        chip={chip}
        onChip={setChip}
        currency={table.currency}
        betting={betting}
        hasBets={state.myBets.length > 0}
        total={total}
        onUndo={() => void undo()}
        onRepeat={() => void repeat()}
        onDouble={() => void double()}
      />
    </div>
  );
}
