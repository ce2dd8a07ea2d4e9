import type { LobbyTable } from '../net/use-lobby';
import { BaccaratTable } from './baccarat/BaccaratTable';
import { RngBaccaratTable } from './baccarat/RngBaccaratTable';
import { BlackjackTable } from './blackjack/BlackjackTable';
import { RouletteTable } from './roulette/RouletteTable';

/** The table's view for its game (RNG baccarat is a single-player table of the baccarat service). */
export function TablePage({ table, token }: { table: LobbyTable; token: string }) {
  switch (table.game) {
    case 'baccarat':
      return table.variant === 'rng' ? (
        <RngBaccaratTable table={table} token={token} />
      ) : (
        <BaccaratTable table={table} token={token} />
      );
    case 'roulette':
      return <RouletteTable table={table} token={token} />;
    case 'blackjack':
      return <BlackjackTable table={table} token={token} />;
  }
}
