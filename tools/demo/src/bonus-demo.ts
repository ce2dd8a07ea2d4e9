import { OperatorKey, signedRequest } from './operator-api';

interface BonusView {
  grantId: string;
  currency: string;
  amount: string;
  wageringMultiple: number;
  requirement: string;
  wagered: string;
  status: string;
  balance: string;
  converted: string;
}

/**
 * Grants each of `players` (transfer-wallet players) a bonus through the signed API (docs/operator-integration.md,
 * "Bonus funds"): 50.00 to play, turned over once (its amount in settled bets at eligible games) before it becomes
 * cash, for a day. Their stakes are paid from cash first, so the bonus turns into cash as they play.
 */
export async function grantDemoBonuses(
  ledgerUrl: string,
  key: OperatorKey,
  players: readonly string[],
  currency: string,
): Promise<void> {
  for (const playerId of players)
    await signedRequest(ledgerUrl, key, 'POST', `/v1/players/${encodeURIComponent(playerId)}/bonuses`, {
      grantId: `demo-welcome-${playerId}`,
      currency,
      amount: '5000',
      wageringMultiple: 1,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
}

/** Prints each player's bonus and its wagering progress, as the operator's API answers it. */
export async function printBonusProgress(
  ledgerUrl: string,
  key: OperatorKey,
  players: readonly string[],
): Promise<void> {
  for (const playerId of players) {
    const { items } = await signedRequest<{ items: BonusView[] }>(
      ledgerUrl,
      key,
      'GET',
      `/v1/players/${encodeURIComponent(playerId)}/bonuses`,
    );
    for (const b of items) {
      const wagered = BigInt(b.wagered);
      const requirement = BigInt(b.requirement);
      const pct = requirement === 0n ? 100n : (wagered * 100n) / requirement;
      console.log(
        `  ${playerId}: bonus ${b.amount} ${b.currency} ×${b.wageringMultiple} → ${b.status}; wagered ${b.wagered} of ` +
          `${b.requirement} (${pct > 100n ? 100n : pct}%), bonus balance ${b.balance}, converted ${b.converted}`,
      );
    }
  }
}
