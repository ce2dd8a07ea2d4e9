import { logFields } from './log-fields';
import { Logger } from '@nestjs/common';
import { loadObservabilityConfig, ObservabilityConfigError, serviceLogger } from './observability-config';
import { logLevelsFrom, ServiceLogger } from './service-logger';

function capture(run: () => void): string[] {
  const lines: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return lines.join('').trim().split('\n');
}

describe('ServiceLogger', () => {
  const fields = logFields('bet decided', { commandId: 'c-1', betId: 'b-1', stake: 5n, roundId: undefined });

  it('writes one JSON object a line with the ids as fields of their own', () => {
    const [line] = capture(() => new ServiceLogger('json', ['log']).log(fields, 'Ledger'));
    const parsed = JSON.parse(line) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      level: 'log',
      context: 'Ledger',
      message: 'bet decided',
      commandId: 'c-1',
      betId: 'b-1',
      stake: '5',
    });
    expect(parsed).not.toHaveProperty('roundId');
    expect(parsed).not.toHaveProperty('msg');
  });

  it('writes key=value in text mode, and filters by level', () => {
    const lines = capture(() => {
      const logger = new ServiceLogger('text', logLevelsFrom('log'));
      logger.log(fields, 'Ledger');
      logger.debug(fields, 'Ledger');
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('[Ledger] bet decided commandId=c-1 betId=b-1 stake=5');
  });
});

describe('serviceLogger', () => {
  it("makes its levels Nest's static ones, so the per-bet debug lines are written only at debug", () => {
    serviceLogger({ LOG_FORMAT: 'json', LOG_LEVEL: 'debug' });
    expect(Logger.isLevelEnabled('debug')).toBe(true);
    serviceLogger({ LOG_FORMAT: 'json', LOG_LEVEL: 'log' });
    expect(Logger.isLevelEnabled('debug')).toBe(false);
    expect(Logger.isLevelEnabled('log')).toBe(true);
  });
});

describe('loadObservabilityConfig', () => {
  it('defaults to JSON in production and text elsewhere', () => {
    expect(loadObservabilityConfig({ NODE_ENV: 'production' }).LOG_FORMAT).toBe('json');
    expect(loadObservabilityConfig({}).LOG_FORMAT).toBe('text');
    expect(loadObservabilityConfig({ LOG_FORMAT: 'json', LOG_LEVEL: 'debug' })).toEqual({
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'debug',
      METRICS_TOKEN: undefined,
    });
  });

  it('names every bad value in one error', () => {
    expect(() => loadObservabilityConfig({ LOG_FORMAT: 'xml', METRICS_TOKEN: 'short' })).toThrow(
      ObservabilityConfigError,
    );
    expect(() => loadObservabilityConfig({ LOG_FORMAT: 'xml', METRICS_TOKEN: 'short' })).toThrow(
      /LOG_FORMAT.*METRICS_TOKEN: at least 16/,
    );
  });
});
