import { prefixedTopics, verifyPlayerToken } from '@casino/events';
import { IssuedKey, ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import { createHarness, Harness } from './support/ledger-harness';
import { signedCall } from './support/operator-api';

jest.setTimeout(90_000);

// Example values for the test, not legal advice: the platform ships no jurisdiction's rules.
const JURISDICTIONS = { GB: { realityCheckMinutes: 60 }, ES: { realityCheckMinutes: 30 } };

let h: Harness;
let key: IssuedKey;
beforeAll(async () => {
  h = await createHarness('launch_jurisdictions');
  await h.startLedger({ LEDGER_JURISDICTIONS: JSON.stringify(JURISDICTIONS) });
  const ops = new ManageOperators(
    h.ds,
    h.config.LEDGER_SECRETS_KEY,
    prefixedTopics(h.config.KAFKA_TOPIC_PREFIX),
  );
  key = await ops.create({ operatorId: 'jur-a', name: 'A', currencies: ['EUR'] });
});
afterAll(async () => h?.close());

/** Launches a player and answers what the launch URL, the session row and the token say of its jurisdiction. */
async function launch(playerId: string, options: Record<string, unknown>) {
  const r = await signedCall(h.url(''), key, 'POST', '/v1/sessions', {
    playerId,
    currency: 'EUR',
    ...options,
  });
  expect(r.status).toBe(201);
  const url = new URL(String(r.body.launchUrl));
  const [row] = await h.ds.query(
    `SELECT country, reality_check_minutes FROM ledger_player_sessions WHERE session_id = $1`,
    [r.body.sessionId],
  );
  const token = verifyPlayerToken(url.searchParams.get('token'), h.config.PLAYER_TOKEN_SECRET);
  if (!token.ok) throw new Error(token.message);
  return {
    body: r.body,
    realityCheck: url.searchParams.get('realityCheck'),
    country: url.searchParams.get('country'),
    row: row as { country: string | null; reality_check_minutes: number | null },
    tokenCountry: token.claims.country,
  };
}

describe("launch options: the player's country sets the jurisdiction's reality check (LEDGER_JURISDICTIONS)", () => {
  it("gives a launch with a configured country that country's interval, in the launch URL and on the session", async () => {
    const gb = await launch('p-gb', { country: 'GB' });
    expect(gb).toMatchObject({
      realityCheck: '60',
      country: 'GB',
      row: { country: 'GB', reality_check_minutes: 60 },
      tokenCountry: 'GB',
    });
    // The response is the launch's as ever: nothing of the jurisdiction besides the URL.
    expect(Object.keys(gb.body).sort()).toEqual(['expiresAt', 'launchUrl', 'mode', 'sessionId', 'token']);
    expect(await launch('p-es', { country: 'ES', mode: 'fun' })).toMatchObject({
      realityCheck: '30',
      row: { reality_check_minutes: 30 },
      tokenCountry: 'ES',
    });
  });

  it("keeps the operator's explicit realityCheckMinutes over the country's", async () => {
    expect(await launch('p-gb-own', { country: 'GB', realityCheckMinutes: 15 })).toMatchObject({
      realityCheck: '15',
      row: { country: 'GB', reality_check_minutes: 15 },
    });
  });

  it('gives none for a country not configured, or no country (the token then carries none)', async () => {
    expect(await launch('p-de', { country: 'DE' })).toMatchObject({
      realityCheck: null,
      country: 'DE',
      row: { country: 'DE', reality_check_minutes: null },
      tokenCountry: 'DE',
    });
    expect(await launch('p-none', {})).toMatchObject({
      realityCheck: null,
      country: null,
      row: { country: null, reality_check_minutes: null },
      tokenCountry: undefined,
    });
  });
});
