import {
  encodeWalletAnswer,
  SIGNATURE_HEADERS,
  signatureMatches,
  signResponse,
  timestampFresh,
  WalletAnswer,
} from '@casino/operator-protocol';
import { Inject, Injectable } from '@nestjs/common';
import { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { WALLET_CONFIG, WalletConfig } from '../config/wallet-config';
import { FaultPlan } from '../faults/fault-plan';
import { isWalletCall, WalletService } from './wallet.service';

/** A v1 call's body is a few hundred bytes, a v2 batch's up to a slip of bets; larger ones are refused unread. */
const MAX_BODY_BYTES = 256 * 1024;
const PREFIX = '/wallet/';

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return typeof value === 'string' ? value : '';
}

function refused(message: string): WalletAnswer {
  return { status: 'refused', code: 'INVALID_REQUEST', message };
}

/**
 * The operator's side of the seamless wallet protocol (docs/operator-integration.md#seamless-wallet): signed calls
 * in, signed answers out, under the faults a test has ordered. It serves `POST /wallet/{call}` on Node's HTTP
 * server itself, before Express: the platform makes one such call per seamless bet, and serving it here halved the
 * wallet's CPU per call (docs/benchmarks.md, 2026-11-24 21:00–22:25 UTC). The admin routes stay on Nest.
 */
@Injectable()
export class WalletCallHandler {
  constructor(
    @Inject(WALLET_CONFIG) private readonly config: WalletConfig,
    private readonly wallet: WalletService,
    private readonly faults: FaultPlan,
  ) {}

  /** The call a request names when it is a wallet call (POST /wallet/{call}); undefined for any other route. */
  callOf(req: IncomingMessage): string | undefined {
    const url = req.url ?? '';
    if (req.method !== 'POST' || !url.startsWith(PREFIX)) return undefined;
    const end = url.indexOf('?');
    return url.slice(PREFIX.length, end < 0 ? undefined : end);
  }

  handle(req: IncomingMessage, res: ServerResponse, call: string): void {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      // Refused at once, and the connection closed once answered: the rest of the body is never read.
      req.off('data', onData);
      res.setHeader('connection', 'close');
      res.on('finish', () => req.destroy());
      const requestId = header(req, SIGNATURE_HEADERS.requestId);
      this.answer(res, 413, requestId, refused(`a call's body is at most ${MAX_BODY_BYTES} bytes`));
    };
    req.on('data', onData);
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return;
      this.respond(req, res, call, Buffer.concat(chunks)).catch(() => {
        // The books could not be reached: no answer the platform could take for one (it retries or rolls back).
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"status":"error"}');
      });
    });
  }

  private async respond(req: IncomingMessage, res: ServerResponse, call: string, raw: Buffer): Promise<void> {
    const requestId = header(req, SIGNATURE_HEADERS.requestId);
    if (!this.authentic(req, requestId, raw))
      return this.answer(res, 401, requestId, {
        status: 'refused',
        code: 'INVALID_SIGNATURE',
        message: 'unknown key, stale timestamp or bad signature',
      });
    if (!isWalletCall(call)) return this.answer(res, 404, requestId, refused(`no call ${call}`));
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return this.answer(res, 400, requestId, refused('the body is not JSON'));
    }

    const fault = this.faults.take(call);
    if (fault?.mode === 'fail') {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"unavailable"}');
      return;
    }
    if (fault?.mode === 'slow') await sleep(fault.delayMs);
    const answer =
      fault?.mode === 'duplicate'
        ? (await Promise.all([this.wallet.handle(call, body), this.wallet.handle(call, body)]))[1]
        : await this.wallet.handle(call, body);
    if (fault?.mode === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault?.mode === 'timeout') await sleep(fault.delayMs);
    const status = answer.status === 'refused' && answer.code === 'INVALID_REQUEST' ? 400 : 200;
    this.answer(res, status, requestId, answer);
  }

  private authentic(req: IncomingMessage, requestId: string, body: Buffer): boolean {
    const timestamp = header(req, SIGNATURE_HEADERS.timestamp);
    return (
      header(req, SIGNATURE_HEADERS.key) === this.config.OPERATOR_KEY_ID &&
      requestId.length > 0 &&
      requestId.length <= 128 &&
      timestampFresh(timestamp, Date.now()) &&
      signatureMatches(
        this.config.OPERATOR_KEY_SECRET,
        { method: 'POST', pathWithQuery: req.url ?? '', timestamp, requestId, body },
        header(req, SIGNATURE_HEADERS.signature),
      )
    );
  }

  private answer(res: ServerResponse, status: number, requestId: string, answer: WalletAnswer): void {
    const body = encodeWalletAnswer(answer);
    const timestamp = String(Date.now());
    res
      .writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        [SIGNATURE_HEADERS.timestamp]: timestamp,
        [SIGNATURE_HEADERS.signature]: signResponse(this.config.OPERATOR_KEY_SECRET, {
          requestId,
          timestamp,
          body,
        }),
      })
      .end(body);
  }
}
