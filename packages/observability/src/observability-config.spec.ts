import { loadObservabilityConfig, readBootConfig } from './observability-config';

class ServiceConfigError extends Error {}

describe('readBootConfig', () => {
  let exit: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    // A real exit would end the test run: the mock stops the caller the way exit would.
    exit = jest.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('returns what was read when every setting is good', () => {
    expect(readBootConfig(() => ({ port: 3000 }), ServiceConfigError)).toEqual({ port: 3000 });
    expect(exit).not.toHaveBeenCalled();
  });

  it("prints a service's own config error and exits 2", () => {
    const read = () => {
      throw new ServiceConfigError('invalid configuration:\n  HTTP_PORT: expected a number');
    };
    expect(() => readBootConfig(read, ServiceConfigError)).toThrow('exit 2');
    expect(error).toHaveBeenCalledWith('invalid configuration:\n  HTTP_PORT: expected a number');
  });

  it('treats a bad logging or metrics setting the same way', () => {
    const read = () => loadObservabilityConfig({ LOG_LEVEL: 'loud' });
    expect(() => readBootConfig(read)).toThrow('exit 2');
    expect(String(error.mock.calls[0][0])).toContain('LOG_LEVEL');
  });

  it('lets any other error through without exiting', () => {
    const read = () => {
      throw new TypeError('a bug, not a setting');
    };
    expect(() => readBootConfig(read, ServiceConfigError)).toThrow('a bug, not a setting');
    expect(exit).not.toHaveBeenCalled();
  });
});
