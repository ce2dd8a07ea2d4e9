import { HttpException } from '@nestjs/common';
import { DealerIdentity } from './dealer-account';

/** What the dealer console reads of an HTTP request (Express). */
export interface DealerRequest {
  headers: Record<string, string | string[] | undefined>;
  params?: Record<string, string | undefined>;
  path?: string;
  body?: unknown;
  ip?: string;
  socket?: { remoteAddress?: string };
  /** Set by DealerAuthGuard. */
  dealer?: DealerIdentity;
}

/** The connection's address (no proxy header is trusted: put the console behind none, or extend this). */
export function clientIp(req: DealerRequest): string {
  return req.ip ?? req.socket?.remoteAddress ?? 'unknown';
}

/** The console route's last segment: `card`, `void`, `pocket`, `wheel-ready`, … */
export function actionOf(req: DealerRequest): string {
  return (
    (req.path ?? '')
      .split('/')
      .filter((s) => s.length > 0)
      .at(-1) ?? 'unknown'
  );
}

const MAX_SUMMARY = 300;

/** The body as JSON, cut to 300 characters; null when empty. Dealer bodies carry nothing secret. */
export function summarizeBody(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'object' && Object.keys(body).length === 0) return null;
  let json: string;
  try {
    json = JSON.stringify(body);
  } catch {
    return '(unserializable)';
  }
  return json.length > MAX_SUMMARY ? `${json.slice(0, MAX_SUMMARY)}…` : json;
}

/** The code a refused request leaves with (the REST filter's rule), for the audit log. */
export function resultCodeOf(error: unknown): string {
  if (error instanceof HttpException) {
    const body = error.getResponse();
    if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string')
      return body.code;
    return `HTTP_${error.getStatus()}`;
  }
  return 'INTERNAL_ERROR';
}
