// `node dist/cpu-profile-top.js <file.cpuprofile> [N]`: the N functions with the most self time in a V8 CPU
// profile (node --cpu-prof), to say where a service's time goes under load.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

/** Self time by function (name, file and line), largest first; `(idle)` and `(program)` included. */
export function topSelfTime(profile: CpuProfile, n: number, root = process.cwd()): SelfTime[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const micros = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url ? relative(root, frame.url.replace(/^file:\/\//, '')) : '';
    const name = `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
    const dt = profile.timeDeltas[i] ?? 0;
    micros.set(name, (micros.get(name) ?? 0) + dt);
    total += dt;
  });
  return [...micros]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => ({
      name,
      ms: Math.round(us / 1000),
      share: Math.round((us / total) * 1000) / 1000,
    }));
}

if (require.main === module) {
  const [file, count] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node dist/cpu-profile-top.js <file.cpuprofile> [N]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  for (const t of topSelfTime(profile, Number(count ?? 10)))
    console.log(`${String(t.ms).padStart(8)} ms  ${(t.share * 100).toFixed(1).padStart(5)}%  ${t.name}`);
}
