import { loadLedgerConfig } from './ledger-config';
import { BalanceCeilings, DEFAULT_BALANCE_CEILING, MAX_BALANCE_CEILING } from './balance-ceilings';

describe('balance ceilings in the ledger configuration', () => {
  it('default far below 2^63, per currency when named', () => {
    const config = loadLedgerConfig({ LEDGER_BALANCE_CEILINGS: 'JPY=50000000000000, EUR=100000' });
    expect(config.LEDGER_BALANCE_CEILING).toBe(DEFAULT_BALANCE_CEILING);
    expect(DEFAULT_BALANCE_CEILING * 1000n).toBeLessThan(2n ** 63n);
    const ceilings = new BalanceCeilings(config.LEDGER_BALANCE_CEILING, config.LEDGER_BALANCE_CEILINGS);
    expect([ceilings.of('EUR'), ceilings.of('JPY'), ceilings.of('USD')]).toEqual([
      100_000n,
      50_000_000_000_000n,
      DEFAULT_BALANCE_CEILING,
    ]);
  });

  it.each([
    [{ LEDGER_BALANCE_CEILING: '0' }, 'LEDGER_BALANCE_CEILING'],
    [{ LEDGER_BALANCE_CEILING: '-5' }, 'LEDGER_BALANCE_CEILING'],
    [{ LEDGER_BALANCE_CEILING: '9223372036854775807' }, 'LEDGER_BALANCE_CEILING'],
    [{ LEDGER_BALANCE_CEILING: (MAX_BALANCE_CEILING + 1n).toString() }, 'LEDGER_BALANCE_CEILING'],
    [{ LEDGER_BALANCE_CEILINGS: 'EUR=1.5' }, 'LEDGER_BALANCE_CEILINGS'],
    [{ LEDGER_BALANCE_CEILINGS: 'eur=100' }, 'LEDGER_BALANCE_CEILINGS'],
    [{ LEDGER_BALANCE_CEILINGS: 'EUR=100,EUR=200' }, 'LEDGER_BALANCE_CEILINGS'],
    [{ LEDGER_BALANCE_CEILINGS: 'EUR' }, 'LEDGER_BALANCE_CEILINGS'],
  ])('refuses %j at boot', (env, name) => {
    expect(() => loadLedgerConfig(env)).toThrow(name);
  });
});
