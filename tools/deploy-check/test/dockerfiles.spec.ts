import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS, GAME_SERVICE_APPS } from './support/apps';
import { build, containersOf, ROOT } from './support/kustomize';

/**
 * infra/deploy/docker: no image can be built here (no Docker daemon), so these files are kept honest by reading
 * them: every path they copy exists or is built by the build script they run, every workspace that script is given
 * exists, the command is a service entry point whose source exists, the port is the one the manifests use, and
 * Node's major is the one package.json's engines name.
 */
const DOCKER = join(ROOT, 'infra/deploy/docker');
const files = readdirSync(DOCKER).filter((f) => f.endsWith('.Dockerfile'));

interface Instruction {
  op: string;
  args: string;
  stage: string;
}

function instructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  let stage = '';
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  for (const line of lines) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const [op, ...rest] = t.split(/\s+/);
    const args = rest.join(' ');
    if (op === 'FROM') stage = args.split(/\s+AS\s+/i)[1] ?? '';
    out.push({ op, args, stage });
  }
  return out;
}

interface Workspace {
  dir: string;
  name: string;
  build: boolean;
  deps: string[];
}

const workspaces: Workspace[] = ['packages', 'apps', 'tools'].flatMap((group) =>
  readdirSync(join(ROOT, group))
    .filter((d) => existsSync(join(ROOT, group, d, 'package.json')))
    .map((d) => {
      const pkg = JSON.parse(readFileSync(join(ROOT, group, d, 'package.json'), 'utf8')) as {
        name: string;
        scripts?: Record<string, string>;
        dependencies?: Record<string, string>;
      };
      return {
        dir: `${group}/${d}`,
        name: pkg.name,
        build: Boolean(pkg.scripts?.build),
        deps: Object.keys(pkg.dependencies ?? {}),
      };
    }),
);

/** The workspaces `names` need built (turbo's `--filter=name...`: them and their dependencies). */
function closure(names: string[]): Set<string> {
  const out = new Set<string>();
  const visit = (name: string) => {
    const ws = workspaces.find((w) => w.name === name);
    if (!ws || out.has(ws.dir)) return;
    out.add(ws.dir);
    ws.deps.forEach(visit);
  };
  names.forEach(visit);
  return out;
}

const production = build(join(ROOT, 'infra/deploy/k8s/overlays/production'));
const engines = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node;

describe.each(files)('%s', (file) => {
  const app = file.replace(/\.Dockerfile$/, '');
  const steps = instructions(readFileSync(join(DOCKER, file), 'utf8'));
  const built = steps
    .filter((s) => s.op === 'RUN' && s.args.startsWith('bash scripts/build.sh'))
    .flatMap((s) => s.args.split(/\s+/).slice(2));
  const made = closure(built);

  it("runs the tests' build script on workspaces that exist, this app's among them", () => {
    expect(existsSync(join(ROOT, 'scripts/build.sh'))).toBe(true);
    expect(built.length).toBeGreaterThan(0);
    for (const name of built) expect(workspaces.map((w) => w.name)).toContain(name);
    expect(made.has(`apps/${app}`)).toBe(true);
  });

  it('copies into the build stage only paths that exist', () => {
    for (const s of steps.filter((x) => x.op === 'COPY' && !x.args.includes('--from'))) {
      const paths = s.args.split(/\s+/).filter((a) => !a.startsWith('--'));
      for (const p of paths.slice(0, -1))
        expect({ path: p, exists: existsSync(join(ROOT, p)) }).toEqual({ path: p, exists: true });
    }
  });

  it('copies from the build stage only what exists there: sources, installed modules, or a build output of it', () => {
    for (const s of steps.filter((x) => x.op === 'COPY' && x.args.includes('--from=build'))) {
      const paths = s.args.split(/\s+/).filter((a) => !a.startsWith('--'));
      for (const p of paths.slice(0, -1)) {
        expect(p.startsWith('/app/')).toBe(true);
        const rel = p.slice('/app/'.length);
        const dist = rel.match(/^((?:packages|apps|tools)\/[^/]+)\/dist(\/|$)/);
        const ok =
          rel === 'node_modules' ||
          (dist
            ? made.has(dist[1]) && workspaces.some((w) => w.dir === dist[1] && w.build)
            : existsSync(join(ROOT, rel)));
        expect({ path: p, ok }).toEqual({ path: p, ok: true });
      }
    }
  });

  it("starts the app's entry point, and holds every script the manifests run in its image", () => {
    const cmd = steps.find((s) => s.op === 'CMD' && s.stage === 'runtime');
    const argv = JSON.parse(cmd?.args ?? '[]') as string[];
    const script = argv.find((a, i) => i > 0 && !a.startsWith('-')) ?? '';
    expect(script).toBe(`apps/${app}/dist/main.js`);
    expect(COMMANDS[script]?.kind).toBe('service');
    expect(existsSync(join(ROOT, COMMANDS[script].source))).toBe(true);
    const copied = steps
      .filter((s) => s.op === 'COPY' && s.stage === 'runtime')
      .flatMap((s) =>
        s.args
          .split(/\s+/)
          .filter((a) => a.startsWith('/app/'))
          .map((a) => a.slice(5)),
      );
    const image = containersOf(production).filter(({ container }) =>
      container.image.includes(`/casino/${app}:`),
    );
    expect(image.length).toBeGreaterThan(0);
    for (const { container } of image) {
      const run = container.command?.find((a, i) => i > 0 && !a.startsWith('-')) ?? '';
      expect({ run, inImage: copied.some((c) => run === c || run.startsWith(`${c}/`)) }).toEqual({
        run,
        inImage: true,
      });
    }
  });

  it('exposes the port the manifests give the app', () => {
    const expose = steps.find((s) => s.op === 'EXPOSE')?.args;
    const service = containersOf(production).find(({ container }) =>
      container.command?.includes(`apps/${app}/dist/main.js`),
    );
    expect(Number(expose)).toBe(service?.container.ports?.[0].containerPort);
  });

  it("builds and runs on the Node major of package.json's engines, non-root", () => {
    const arg = steps.find((s) => s.op === 'ARG' && s.args.startsWith('NODE_VERSION='));
    expect(arg?.args).toBe(`NODE_VERSION=${engines.match(/\d+/)?.[0]}`);
    expect(steps.filter((s) => s.op === 'FROM').map((s) => s.args.split(/\s+/)[0])).toEqual([
      'node:${NODE_VERSION}-bookworm-slim',
      'node:${NODE_VERSION}-bookworm-slim',
    ]);
    expect(steps.find((s) => s.op === 'USER' && s.stage === 'runtime')?.args).toBe('node');
  });
});

it('every image the manifests run has its Dockerfile', () => {
  const images = new Set(
    containersOf(production).map(({ container }) => container.image.replace(/:.*$/, '')),
  );
  for (const image of images) expect(files).toContain(`${image.split('/').pop()}.Dockerfile`);
});

it('every game service of the apps folder has its Dockerfile and runs in production', () => {
  const run = new Set(containersOf(production).map(({ container }) => container.command?.join(' ')));
  for (const app of GAME_SERVICE_APPS) {
    expect(files).toContain(`${app}.Dockerfile`);
    expect({ app, run: run.has(`node apps/${app}/dist/main.js`) }).toEqual({ app, run: true });
  }
});
