import { EventEmitter } from 'node:events';
import { Registry } from 'prom-client';
import { httpMetricsMiddleware } from './http-metrics.middleware';
import { HttpMetrics, METRIC } from './metric-definitions';

function response(statusCode: number) {
  return Object.assign(new EventEmitter(), { statusCode });
}

describe('httpMetricsMiddleware', () => {
  it('counts each request once by method, route pattern and status, and times it', async () => {
    const registry = new Registry();
    const mw = httpMetricsMiddleware(new HttpMetrics(registry));
    const next = jest.fn();
    const req = { method: 'GET', baseUrl: '', route: undefined as { path: string } | undefined };
    const res = response(200);
    mw(req, res, next);
    expect(next).toHaveBeenCalled();
    // Express sets the matched route during routing, before the response ends.
    req.route = { path: '/v1/players/:playerId/balances' };
    res.emit('finish');
    res.emit('close');
    const notFound = response(404);
    // No route matched: Express shows the middleware's own catch-all route.
    mw({ method: 'BREW', route: { path: '/{*path}' } }, notFound, next);
    notFound.emit('close');
    const text = await registry.metrics();
    expect(text).toContain(
      `${METRIC.httpRequests}{method="GET",route="/v1/players/:playerId/balances",status="200"} 1`,
    );
    expect(text).toContain(`${METRIC.httpRequests}{method="OTHER",route="unmatched",status="404"} 1`);
    expect(text).toContain(
      `${METRIC.httpRequestSeconds}_count{method="GET",route="/v1/players/:playerId/balances"} 1`,
    );
  });
});
