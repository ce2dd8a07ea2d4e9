import { betView, resultFor, summaryOf } from './player-history.view';
import { PlayedRoundRow, PlayerBetRow } from './player-history.repository';

const row = (over: Partial<PlayedRoundRow> = {}): PlayedRoundRow => ({
  table_id: 't',
  round_id: 'r',
  at_text: '2026-12-05 03:00:00+00',
  game: 'blackjack',
  currency: 'EUR',
  status: 'settled',
  result: {
    game: 'blackjack',
    seats: [
      { seat: 0, playerId: '42' },
      { seat: 1, playerId: '43' },
    ],
    inputs: [],
  },
  void_reason: null,
  shoe_id: null,
  shoe_hash: null,
  opened_at: new Date('2026-12-05T03:00:00Z'),
  closed_at: null,
  finished_at: null,
  ...over,
});
const bet = (over: Partial<PlayerBetRow> = {}): PlayerBetRow => ({
  table_id: 't',
  round_id: 'r',
  bet_id: 'b1',
  stake: '100',
  spec: { game: 'blackjack', seat: 0, kind: 'main', hand: 0 },
  accepted_at: new Date('2026-12-05T03:00:01Z'),
  cancelled_at: null,
  kind: 'settled',
  returned: '250',
  outcome: 'blackjack',
  ...over,
});

describe("the player's view of a round", () => {
  it('never shows another player id: each seat says whether it is mine', () => {
    expect(resultFor(row().result, '42')).toEqual({
      game: 'blackjack',
      seats: [
        { seat: 0, mine: true },
        { seat: 1, mine: false },
      ],
      inputs: [],
    });
  });

  it('totals stakes and payouts without cancelled bets, and hides the result of an unsettled round', () => {
    const bets = [
      bet(),
      bet({ bet_id: 'b2', stake: '50', cancelled_at: new Date(), kind: null, returned: null }),
    ];
    const s = summaryOf(row(), bets.map(betView), '42');
    expect(s).toMatchObject({ staked: '100', returned: '250' });
    expect(betView(bets[1])).toMatchObject({ status: 'cancelled', returned: null });
    expect(summaryOf(row({ status: 'disputed' }), [], '42').result).toBeNull();
  });
});
