import {
  encodeWalletAnswer,
  SIGNATURE_HEADERS,
  signatureMatches,
  signResponse,
  timestampFresh,
  WalletAnswer,
} from '@casino/operator-protocol';
import { Controller, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { WALLET_CONFIG, WalletConfig } from '../config/wallet-config';
import { FaultPlan } from '../faults/fault-plan';
import { isWalletCall, WalletService } from './wallet.service';

/** The parts of Express's request and response this controller uses (the project has no @types/express). */
interface CallRequest {
  method: string;
  originalUrl: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody?: Buffer;
  body: unknown;
  socket: Socket;
}

interface CallResponse {
  status(code: number): CallResponse;
  set(name: string, value: string): CallResponse;
  type(type: string): CallResponse;
  send(body: string): void;
  json(body: unknown): void;
}

function header(req: CallRequest, name: string): string {
  const value = req.headers[name];
  return typeof value === 'string' ? value : '';
}

/**
 * The operator's side of the seamless wallet protocol (docs/operator-integration.md#seamless-wallet): signed calls
 * in, signed answers out, under the faults a test has ordered.
 */
@Controller('wallet')
export class WalletController {
  constructor(
    @Inject(WALLET_CONFIG) private readonly config: WalletConfig,
    private readonly wallet: WalletService,
    private readonly faults: FaultPlan,
  ) {}

  @Post(':call')
  async call(@Param('call') call: string, @Req() req: CallRequest, @Res() res: CallResponse): Promise<void> {
    const requestId = header(req, SIGNATURE_HEADERS.requestId);
    const refusal = this.authenticate(req, requestId);
    if (refusal) return this.answer(res, 401, requestId, refusal);
    if (!isWalletCall(call))
      return this.answer(res, 404, requestId, {
        status: 'refused',
        code: 'INVALID_REQUEST',
        message: `no call ${call}`,
      });

    const fault = this.faults.take(call);
    if (fault?.mode === 'fail') {
      res.status(503).json({ status: 'unavailable' });
      return;
    }
    if (fault?.mode === 'slow') await sleep(fault.delayMs);
    const answer =
      fault?.mode === 'duplicate'
        ? (await Promise.all([this.wallet.handle(call, req.body), this.wallet.handle(call, req.body)]))[1]
        : await this.wallet.handle(call, req.body);
    if (fault?.mode === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault?.mode === 'timeout') await sleep(fault.delayMs);
    this.answer(
      res,
      answer.status === 'refused' && answer.code === 'INVALID_REQUEST' ? 400 : 200,
      requestId,
      answer,
    );
  }

  private authenticate(req: CallRequest, requestId: string): WalletAnswer | undefined {
    const timestamp = header(req, SIGNATURE_HEADERS.timestamp);
    const signed = {
      method: req.method,
      pathWithQuery: req.originalUrl,
      timestamp,
      requestId,
      body: req.rawBody ?? '',
    };
    const valid =
      header(req, SIGNATURE_HEADERS.key) === this.config.OPERATOR_KEY_ID &&
      requestId.length > 0 &&
      requestId.length <= 128 &&
      timestampFresh(timestamp, Date.now()) &&
      signatureMatches(this.config.OPERATOR_KEY_SECRET, signed, header(req, SIGNATURE_HEADERS.signature));
    if (valid) return undefined;
    return {
      status: 'refused',
      code: 'INVALID_SIGNATURE',
      message: 'unknown key, stale timestamp or bad signature',
    };
  }

  private answer(res: CallResponse, status: number, requestId: string, answer: WalletAnswer): void {
    const body = encodeWalletAnswer(answer);
    const timestamp = String(Date.now());
    res
      .status(status)
      .set(SIGNATURE_HEADERS.timestamp, timestamp)
      .set(
        SIGNATURE_HEADERS.signature,
        signResponse(this.config.OPERATOR_KEY_SECRET, { requestId, timestamp, body }),
      )
      .type('application/json')
      .send(body);
  }
}
