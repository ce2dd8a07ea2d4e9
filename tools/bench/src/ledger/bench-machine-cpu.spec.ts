import { MachineCpu, partOfCommand } from './bench-machine-cpu';
import { cpuTimesOf } from './bench-proc';

describe('partOfCommand', () => {
  const databases = new Map([
    ['casino_bench_x', 'ledgerDb' as const],
    ['casino_bench_x_w1', 'walletDb' as const],
  ]);

  it('names a PostgreSQL backend by its database, with or without a cluster name in its title', () => {
    expect(partOfCommand('postgres: 15/main: postgres casino_bench_x 127.0.0.1(54326) idle', databases)).toBe(
      'ledgerDb',
    );
    expect(partOfCommand('postgres: postgres casino_bench_x_w1 127.0.0.1(5) UPDATE', databases)).toBe(
      'walletDb',
    );
    expect(partOfCommand('postgres: 15/main: postgres casino 127.0.0.1(5) idle', databases)).toBeUndefined();
    expect(partOfCommand('postgres: 15/main: walwriter ', databases)).toBeUndefined();
  });

  it('names the broker by its main class', () => {
    expect(partOfCommand('java -Xmx1G -cp /x/libs/* kafka.Kafka /x/server.properties', databases)).toBe(
      'broker',
    );
    expect(partOfCommand('node main.js', databases)).toBeUndefined();
  });
});

describe('cpuTimesOf', () => {
  it('counts idle and iowait as not busy, in ms from USER_HZ ticks', () => {
    // user nice system idle iowait irq softirq steal guest guest_nice
    const stat = 'cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 50 0 25 400 25 0 0 0 0 0\n';
    expect(cpuTimesOf(stat)).toEqual({ busyMs: 1_500, allMs: 10_000 });
  });
});

describe('MachineCpu', () => {
  it('splits a phase of this process by part, its own work as the load generator', () => {
    const machine = new MachineCpu();
    if (!machine.available) return;
    machine.begin();
    // 150 ms of this process's CPU, however busy the machine is.
    const from = process.cpuUsage();
    for (let used = 0; used < 150_000;) {
      const { user, system } = process.cpuUsage(from);
      used = user + system;
    }
    const split = machine.end(100);
    expect(split?.msPerBet.loadGenerator).toBeGreaterThan(0.5);
    expect(split?.msPerBet.total).toBeGreaterThanOrEqual(split?.msPerBet.loadGenerator ?? 0);
    expect(split?.ceilingBetsPerSec).toBeGreaterThan(0);
  });
});
