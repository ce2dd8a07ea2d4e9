import { GameId } from '@casino/games';
import { gameEnvPrefix } from '@casino/lobby-service/dist/config/lobby-config';
import { join } from 'node:path';
import { OperatorKey, signedRequest } from './operator-api';
import { ManagedProcess, startProcess } from './processes';

/** The players' lobby (apps/lobby-service, serving the web client at /lobby) in front of the demo's services. */
export function startLobby(
  root: string,
  port: number,
  /** Each game's service URL (a service hosting several games is each one's). */
  gameUrls: Readonly<Record<GameId, string>>,
  /** The ledger, for the players' balance in the lobby (GET /api/me verifies the player token). */
  ledger: { url: string; backOfficeToken: string; playerTokenSecret: string },
  logDir: string,
): ManagedProcess {
  return startProcess(
    'lobby-service',
    join(root, 'apps/lobby-service/dist/main.js'),
    {
      HTTP_PORT: String(port),
      // The lobby takes a URL per registered game (BACCARAT_SERVICE_URL, DRAGON_TIGER_SERVICE_URL, …).
      ...Object.fromEntries(
        Object.entries(gameUrls).map(([game, url]) => [`${gameEnvPrefix(game)}_SERVICE_URL`, url]),
      ),
      LEDGER_URL: ledger.url,
      LEDGER_BACKOFFICE_TOKEN: ledger.backOfficeToken,
      PLAYER_TOKEN_SECRET: ledger.playerTokenSecret,
      LOBBY_TABLES: JSON.stringify({
        'bac-1': { name: 'Baccarat Royale', dealerName: 'Elena' },
        'bac-2': { name: 'Speed Baccarat' },
        'bac-rng': { name: 'RNG Baccarat' },
        'rou-1': { name: 'Roulette Europa' },
        'rou-studio': { name: 'Roulette Studio', dealerName: 'Marco' },
        'bj-1': { name: 'Blackjack Classic' },
        'dt-1': { name: 'Dragon Tiger' },
        'fs-1': { name: 'Football Studio' },
        'sb-1': { name: 'Sic Bo' },
        'ft-1': { name: 'Fan Tan' },
      }),
    },
    logDir,
  );
}

/**
 * A player for the person watching, launched by the signed API; the ledger's launch URL opens the lobby. `real`:
 * funded by a signed deposit; `fun`: play money from the operator's play-money book (docs/operator-integration.md#fun-mode).
 */
export async function launchGuest(
  ledgerUrl: string,
  key: OperatorKey,
  currency: string,
  mode: 'real' | 'fun' = 'real',
): Promise<string> {
  const playerId = 'demo-you';
  if (mode === 'real')
    await signedRequest(ledgerUrl, key, 'POST', `/v1/players/${playerId}/deposits`, {
      transactionId: `demo-funding-${playerId}`,
      currency,
      amount: '100000',
    });
  const session = await signedRequest<{ launchUrl: string }>(ledgerUrl, key, 'POST', '/v1/sessions', {
    playerId,
    currency,
    language: 'en',
    nickname: 'You',
    mode,
  });
  return session.launchUrl;
}
