/** The phases of a start the crash test times, in order (ready is main.ts's line). */
export type StartPhase = 'bootstrap' | 'migrated' | 'relay' | 'connected' | 'joined' | 'deciding';

const announced = new Set<StartPhase>();

/**
 * One line per phase of a start, the first time only, in milliseconds since the process began, like the ready
 * line (`{"ledger":"joined","uptimeMs":812}`): the crash test measures where a restart's time goes from them.
 */
export function phase(name: StartPhase): void {
  if (announced.has(name)) return;
  announced.add(name);
  process.stdout.write(
    JSON.stringify({ ledger: name, uptimeMs: Math.round(process.uptime() * 1000) }) + '\n',
  );
}
