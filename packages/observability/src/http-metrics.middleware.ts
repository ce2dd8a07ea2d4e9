import { HttpMetrics, httpMetrics } from './metric-definitions';

/** What the middleware reads of Express's request and response (no dependency on Express's types). */
interface HttpRequest {
  method: string;
  baseUrl?: string;
  route?: { path?: unknown };
}
interface HttpResponse {
  statusCode: number;
  once(event: 'finish' | 'close', listener: () => void): unknown;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts and times every HTTP request when its response is finished (or the connection closed first), so guards'
 * refusals, errors and 404s are counted too. The route is the pattern Express matched (`/v1/players/:playerId`),
 * never the path sent: a label value per route, not per player.
 */
export function httpMetricsMiddleware(metrics: HttpMetrics = httpMetrics()) {
  return (req: HttpRequest, res: HttpResponse, next: () => void): void => {
    const start = process.hrtime.bigint();
    let done = false;
    const record = () => {
      if (done) return;
      done = true;
      const method = METHODS.has(req.method) ? req.method : 'OTHER';
      const path = typeof req.route?.path === 'string' ? req.route.path : undefined;
      // No handler's route: none at all, or only this middleware's own catch-all (`/{*path}`) when no route matched.
      const route =
        path === undefined || path.includes('{*') ? 'unmatched' : `${req.baseUrl ?? ''}${path}` || '/';
      metrics.requests.inc({ method, route, status: String(res.statusCode) });
      metrics.seconds.observe({ method, route }, Number(process.hrtime.bigint() - start) / 1e9);
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}
