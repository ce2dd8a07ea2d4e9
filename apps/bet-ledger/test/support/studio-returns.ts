import { Game } from '@casino/events';
import { bo } from './back-office';
import { Harness } from './ledger-harness';

/**
 * The exact return of each bet kind of the four studio games, as fractions of small integers: the figures of
 * ../shared/rules/more-games.md (8 decks, default pay tables) that `npm run rtp -- <game> --json` prints as
 * rtpExact. Typed here, not read from the engines, so that a report or catalogue wired to the wrong figure fails.
 */
export const STUDIO_EXACT_RTP = {
  sicBo: {
    small: 35 / 36,
    big: 35 / 36,
    odd: 35 / 36,
    even: 35 / 36,
    total4: 61 / 72,
    total5: 31 / 36,
    total6: 5 / 6,
    total7: 65 / 72,
    total8: 7 / 8,
    total9: 175 / 216,
    total10: 7 / 8,
    total11: 7 / 8,
    total12: 175 / 216,
    total13: 7 / 8,
    total14: 65 / 72,
    total15: 5 / 6,
    total16: 31 / 36,
    total17: 61 / 72,
    double: 22 / 27,
    triple: 181 / 216,
    anyTriple: 31 / 36,
    combination: 5 / 6,
    single: 199 / 216,
  },
  dragonTiger: { dragon: 799 / 830, tiger: 799 / 830, tie: 372 / 415, suitedTie: 357 / 415 },
  footballStudio: { home: 799 / 830, away: 799 / 830, draw: 372 / 415 },
  fanTan: { fan: 77 / 80, nim: 39 / 40, kwok: 39 / 40, odd: 39 / 40, even: 39 / 40 },
} as const satisfies Partial<Record<Game, Record<string, number>>>;
export type StudioGame = keyof typeof STUDIO_EXACT_RTP;
export const STUDIO_GAMES = Object.keys(STUDIO_EXACT_RTP) as StudioGame[];

/** The exact return of a studio game's bet kind (a kind the game does not have throws: a typo fails loudly). */
export function exactRtp(game: StudioGame, betKind: string): number {
  const rtp = (STUDIO_EXACT_RTP[game] as Record<string, number>)[betKind];
  if (rtp === undefined) throw new Error(`no exact figure for ${game} ${betKind}`);
  return rtp;
}

/** A row of the back office's RTP report (GET /back-office/reports/rtp). */
export interface RtpRow {
  game: string;
  group: string;
  betKind: string;
  currency: string;
  bets: string;
  turnover: string;
  wins: string;
  measured: number | null;
  theoretical: number | null;
  low95: number | null;
  high95: number | null;
  z: number | null;
  withinBand: boolean | null;
}

/**
 * What the RTP report must show for a bet kind of a studio game: its bets, turnover and wins as booked, the
 * measured return wins / turnover, and the exact return of more-games.md.
 */
export function expectedRtpRow(
  game: StudioGame,
  betKind: string,
  booked: { bets: number; turnover: bigint; wins: bigint },
) {
  return {
    game,
    betKind,
    bets: String(booked.bets),
    turnover: String(booked.turnover),
    wins: String(booked.wins),
    // The report truncates wins / turnover to 12 decimals.
    measured: expect.closeTo(Number(booked.wins) / Number(booked.turnover), 10) as unknown as number,
    theoretical: expect.closeTo(exactRtp(game, betKind), 12) as unknown as number,
  };
}

/** Bets, turnover and wins a spec booked on one bet kind. */
export type Booked = [bets: number, turnover: bigint, wins: bigint];

/**
 * The back office's RTP report for one studio game today (by game, the system token) lists exactly the bet kinds
 * booked, each with the exact return of more-games.md beside the measured one.
 */
export async function expectRtpReport(
  h: Harness,
  game: StudioGame,
  booked: Record<string, Booked>,
): Promise<void> {
  const res = await bo<{ items: RtpRow[] }>(h, 'GET', `/back-office/reports/rtp?game=${game}&by=game`);
  expect(res.status).toBe(200);
  const rows = Object.fromEntries(res.body.items.map((i) => [i.betKind, i]));
  expect(Object.keys(rows).sort()).toEqual(Object.keys(booked).sort());
  expect(rows).toMatchObject(
    Object.fromEntries(
      Object.entries(booked).map(([kind, [bets, turnover, wins]]) => [
        kind,
        expectedRtpRow(game, kind, { bets, turnover, wins }),
      ]),
    ),
  );
}
