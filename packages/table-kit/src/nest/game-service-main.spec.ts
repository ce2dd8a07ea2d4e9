import { ConfigError } from '../config/load-config';
import { RunningService } from './common-providers';
import { GameServiceEntry, runGameService } from './game-service-main';

type Config = { tables: { id: string }[] };

describe('runGameService', () => {
  const argv = process.argv;
  let exit: jest.SpyInstance;
  let log: jest.SpyInstance;
  let error: jest.SpyInstance;

  beforeEach(() => {
    exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    process.argv = argv;
    jest.restoreAllMocks();
  });

  const entry = (overrides: Partial<GameServiceEntry<Config>> = {}): GameServiceEntry<Config> => ({
    name: 'test-service',
    loadConfig: () => ({ tables: [{ id: 't-1' }, { id: 't-2' }] }),
    catalogueEntries: (config) =>
      config.tables.map((t) => ({
        tableId: t.id,
        currency: 'EUR',
        producer: 'test-service',
        dealer: 'auto' as const,
        settings: {},
      })),
    start: jest.fn(),
    ...overrides,
  });

  it('exits 2 with every problem of a bad configuration, starting nothing', async () => {
    const start = jest.fn();
    await runGameService(
      entry({
        loadConfig: () => {
          throw new ConfigError(['HTTP_PORT: expected a number', 'TABLES: required']);
        },
        start,
      }),
    );
    expect(exit.mock.calls[0]).toEqual([2]);
    expect(error).toHaveBeenCalledWith(
      'invalid configuration:\n  HTTP_PORT: expected a number\n  TABLES: required',
    );
    expect(start).not.toHaveBeenCalled();
  });

  it('--catalogue prints the table catalogue entries as JSON and starts nothing', async () => {
    process.argv = [...argv, '--catalogue'];
    const start = jest.fn();
    await runGameService(entry({ start }));
    expect(JSON.parse(log.mock.calls[0][0] as string)).toEqual([
      { tableId: 't-1', currency: 'EUR', producer: 'test-service', dealer: 'auto', settings: {} },
      { tableId: 't-2', currency: 'EUR', producer: 'test-service', dealer: 'auto', settings: {} },
    ]);
    expect(start).not.toHaveBeenCalled();
  });

  it('starts the service with shutdown hooks and names its URL and tables', async () => {
    const enableShutdownHooks = jest.fn();
    const running = {
      app: { enableShutdownHooks },
      url: 'http://127.0.0.1:4100',
    } as unknown as RunningService;
    await runGameService(entry({ start: async () => running }));
    expect(enableShutdownHooks).toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('test-service listening on http://127.0.0.1:4100 (tables: t-1, t-2)');
    expect(exit).not.toHaveBeenCalled();
  });

  it('exits 1 with the stack when the service fails to start', async () => {
    await runGameService(
      entry({
        start: async () => {
          throw new Error('port in use');
        },
      }),
    );
    expect(exit).toHaveBeenCalledWith(1);
    expect(String(error.mock.calls[0][0])).toContain('port in use');
  });
});
