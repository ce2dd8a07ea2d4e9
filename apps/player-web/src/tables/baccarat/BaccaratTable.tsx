import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../context/app-context';
import type { LobbyTable } from '../../net/use-lobby';
import { chipValues } from '../../ui/chip';
import { Countdown } from '../../ui/countdown';
import { ConnectionBanner } from '../shared/ConnectionBanner';
import { LiveBetControls } from '../shared/LiveBetControls';
import { LimitsButton } from '../../rules/LimitsDialog';
import { HistoryButton } from '../../history/HistoryButton';
import { RulesButton } from '../../rules/RulesDialog';
import { baccaratPayRows } from '../../rules/baccarat-payouts';
import { baccaratLimits } from '../../rules/table-limits';
import { SoundSwitch, usePhaseCues } from '../../sound/SoundSwitch';
import { useLiveBets } from '../shared/use-live-bets';
import { useTableSession } from '../shared/use-table-session';
import { BaccaratHands, BaccaratLayout, ExposedCardsNotice, ResultBanner } from './baccarat-parts';
import { applyEvent, emptyBaccarat, fromSnapshot, sideBetOpen, stakesByType } from './baccarat-state';
import { RoadsPanel } from './roads-view';
import { ShoeCommitmentLine } from './ShoeCommitmentLine';

const reducers = { fromSnapshot, applyEvent };

/** A live baccarat table (commission or no-commission): roads, cards, the eight bets, chips, balance. */
export function BaccaratTable({ table, token }: { table: LobbyTable; token: string }) {
  const { t } = useTranslation();
  const { locale } = useApp();
  const { state, game, update } = useTableSession(
    table.serviceUrl,
    token,
    table.tableId,
    emptyBaccarat(table.tableId),
    reducers,
    table.currency,
  );
  usePhaseCues(state.phase);
  const chips = useMemo(() => chipValues(table.limits.min, table.limits.max), [table.limits]);
  const [chip, setChip] = useState(chips[0] ?? '100');
  const connection = game.connection;
  const betting = state.phase === 'betting' && !state.noBet && game.status === 'online';
  const stakes = stakesByType(state.myBets);
  const pending = Object.fromEntries(
    state.myBets.filter((b) => b.status === 'pending').map((b) => [b.type, true]),
  );
  const total = Object.values(stakes).reduce((a, b) => a + b, 0n);

  const bets = useLiveBets({
    connection,
    tableId: table.tableId,
    roundId: state.roundId,
    myBets: state.myBets,
    update,
    wire: (b) => ({ type: b.type, stake: b.stake }),
  });

  const closedSide = (type: string) => !sideBetOpen(state, type);
  const lastWinner = state.result ? state.result.winner : null;
  const sideCutoffs = Object.values(state.sideBetLastRound);
  const sideCutoff = sideCutoffs.length > 0 ? Math.min(...sideCutoffs) : null;

  return (
    <div className="table table--baccarat" data-testid="table-baccarat" data-phase={state.phase}>
      <ConnectionBanner game={game} />
      <div className="table__head">
        <div>
          <h1 className="table__title">{table.name}</h1>
          <div className="table__sub">
            {t(`variants.${state.variant}`)} · {t('baccarat.round', { number: state.roundNumber })}
            {state.lastRound ? <span className="badge badge--warn">{t('baccarat.lastRound')}</span> : null}
          </div>
        </div>
        <div className="table__status">
          <span className={`phase phase--${state.phase}`} data-testid="phase">
            {state.noBet
              ? t('baccarat.noBetRound')
              : t(`phases.${state.phase}`, { defaultValue: state.phase })}
          </span>
          <Countdown deadline={state.closesAt} totalMs={state.bettingMs} label={t('controls.placeBets')} />
          <LimitsButton
            game="baccarat"
            limits={game.snapshot ? baccaratLimits(game.snapshot) : null}
            currency={table.currency}
          />
          <RulesButton
            game="baccarat"
            lines={state.variant === 'no-commission' ? [t('rules.baccaratNoCommission')] : []}
            rows={baccaratPayRows(t, state.variant)}
          />
          <HistoryButton game="baccarat" />
          <SoundSwitch />
        </div>
      </div>
      <div className="felt">
        <BaccaratHands cards={state.cards} result={state.result} exposed={state.exposedIndices} />
        <ResultBanner result={state.result} />
      </div>
      <ExposedCardsNotice notices={state.exposedCards} />
      <RoadsPanel results={state.results} />
      <BaccaratLayout
        betTypes={state.betTypes}
        variant={state.variant}
        stakes={stakes}
        pending={pending}
        currency={table.currency}
        locale={locale}
        disabled={!betting}
        closedSide={closedSide}
        onBet={(type) => void bets.place({ type, stake: chip })}
        lastWinner={lastWinner}
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
      <div className="table__foot">
        {sideCutoff !== null ? (
          <span className="hint" data-testid="side-cutoff">
            {state.roundNumber > sideCutoff
              ? t('baccarat.sideBetsClosed')
              : t('baccarat.sideBetsOpen', { round: sideCutoff })}
          </span>
        ) : null}
        <ShoeCommitmentLine
          shoeId={state.shoeId}
          commitment={state.commitment}
          revealed={state.revealed}
          revealUrl={
            state.revealed
              ? `${table.serviceUrl}/tables/${table.tableId}/shoes/${state.revealed.shoeId}`
              : null
          }
        />
      </div>
    </div>
  );
}
