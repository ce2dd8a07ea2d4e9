import type { StudioGameId } from '@packages/player-protocol/src/index';
import { useMemo, useState } from 'react';
import { useApp } from '../../context/app-context';
import { gameName } from '../../games/clients';
import { HistoryButton } from '../../history/HistoryButton';
import { plainTranslate } from '../../i18n/translate';
import type { LobbyTable } from '../../net/use-lobby';
import { LimitsButton } from '../../rules/LimitsDialog';
import { RulesButton } from '../../rules/RulesDialog';
import { SoundSwitch, usePhaseCues } from '../../sound/SoundSwitch';
import { chipValues } from '../../ui/chip';
import { Countdown } from '../../ui/countdown';
import { ConnectionBanner } from '../shared/ConnectionBanner';
import { LiveBetControls } from '../shared/LiveBetControls';
import { useLiveBets } from '../shared/use-live-bets';
import { useTableSession } from '../shared/use-table-session';
import { resultKind, studioSpots, tableConfigOf, winningSpots, type StudioSpot } from './studio-games';
import { studioLimits, studioPayRows } from './studio-limits';
import { StudioHistory } from './studio-history';
import { ResultBanner, ResultStage, StudioLayout } from './studio-parts';
import { applyEvent, emptyStudio, fromSnapshot, stakesBySpot } from './studio-state';
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
  const betting = state.phase === 'betting' && connection.status === 'online';
  const stakes = stakesBySpot(state.myBets);
  const total = state.myBets.reduce((sum, b) => sum + BigInt(b.stake), 0n);
  const bets = useLiveBets({
    connection: connection.connection,
    tableId: table.tableId,
    roundId: state.roundId,
    myBets: state.myBets,
    update,
    wire: (b) => ({ bet: b.bet, stake: b.stake }),
  });
  const place = (spot: StudioSpot) => bets.place({ key: spot.key, bet: spot.bet, stake: chip });

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
      <StudioHistory game={game} results={state.history} shoeId={state.shoeId} t={t} />
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
        onUndo={() => void bets.undo()}
        onRepeat={() => void bets.repeat()}
        onDouble={() => void bets.double()}
      />
    </div>
  );
}
