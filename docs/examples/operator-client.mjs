#!/usr/bin/env node
// A minimal operator client for the bet ledger's signed API (docs/operator-integration.md), no dependencies.
//   LEDGER_URL=http://127.0.0.1:3100 CASINO_KEY_ID=ck_… CASINO_SECRET=… node docs/examples/operator-client.mjs [player]
// Lists the catalogue (games, EUR tables), funds the player with 100.00 EUR, reads the balance and launches the
// player at the first open EUR baccarat table with the launch options (lobby and cashier URLs, country, device);
// prints each answer as JSON. OPERATOR_SITE (default https://casino.example) is the operator's own site.
import { createHmac, randomUUID } from 'node:crypto';

const base = process.env.LEDGER_URL ?? 'http://127.0.0.1:3100';
const keyId = process.env.CASINO_KEY_ID;
const secret = process.env.CASINO_SECRET;
if (!keyId || !secret) {
  console.error('set CASINO_KEY_ID and CASINO_SECRET (npm run operator -- create … prints them)');
  process.exit(2);
}

/** Signs and sends one request: HMAC-SHA256 over METHOD, path with query, timestamp, request id and raw body. */
async function signed(method, pathWithQuery, body) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Date.now());
  const requestId = randomUUID(); // new for every request, retries included
  const signature = createHmac('sha256', secret)
    .update(`${method}\n${pathWithQuery}\n${timestamp}\n${requestId}\n${raw}`)
    .digest('hex');
  const res = await fetch(base + pathWithQuery, {
    method,
    headers: {
      'X-Casino-Key': keyId,
      'X-Casino-Timestamp': timestamp,
      'X-Casino-Request-Id': requestId,
      'X-Casino-Signature': signature,
      ...(raw ? { 'Content-Type': 'application/json' } : {}),
    },
    body: raw || undefined,
  });
  return { status: res.status, body: await res.json() };
}

const site = process.env.OPERATOR_SITE ?? 'https://casino.example';
// The client's back button and deposit button; with allowed origins set, they must be on one of them.
const launchOptions = {
  lobbyUrl: `${site}/live-casino`,
  cashierUrl: `${site}/cashier`,
  country: 'DE',
  device: 'desktop',
};
const player = encodeURIComponent(process.argv[2] ?? '42');
const transactionId = `example-${randomUUID()}`;
const deposit = { transactionId, currency: 'EUR', amount: '10000' };
const games = await signed('GET', '/v1/games');
const tables = await signed('GET', '/v1/tables?game=baccarat&currency=EUR');
// A lobby lists each table with its limits (minor units), RTP per bet and last results; here: the first open one.
const table = tables.body.items?.find((t) => t.status === 'open');
const results = {
  games,
  tables,
  deposit: await signed('POST', `/v1/players/${player}/deposits`, deposit),
  // A retry of the same transaction (new request id, same transactionId and body) gets the same answer.
  retry: await signed('POST', `/v1/players/${player}/deposits`, deposit),
  balances: await signed('GET', `/v1/players/${player}/balances`),
  session: await signed('POST', '/v1/sessions', {
    playerId: decodeURIComponent(player),
    currency: 'EUR',
    game: 'baccarat',
    ...(table ? { tableId: table.tableId } : {}),
    language: 'en',
    ...launchOptions,
  }),
  // "Play for fun": play money from the operator's play-money book, never its wallet or its reports.
  funSession: await signed('POST', '/v1/sessions', {
    playerId: decodeURIComponent(player),
    currency: 'EUR',
    game: 'baccarat',
    ...(table ? { tableId: table.tableId } : {}),
    ...launchOptions,
    mode: 'fun',
  }),
};
console.log(JSON.stringify(results, null, 2));
process.exit(Object.values(results).every((r) => r.status < 300) ? 0 : 1);
