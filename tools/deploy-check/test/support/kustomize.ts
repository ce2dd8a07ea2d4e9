import { loadAll } from 'js-yaml';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The repository's root. */
export const ROOT = resolve(__dirname, '../../../..');

export type Doc = { kind: string; metadata: { name: string; namespace?: string }; [key: string]: unknown };

interface Kustomization {
  resources?: string[];
  patches?: { path: string }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  namespace?: string;
}

export function readYaml(file: string): Doc[] {
  return loadAll(readFileSync(file, 'utf8')).filter((d): d is Doc => d !== null && typeof d === 'object');
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A strategic merge as kubectl does it for what these manifests patch: maps merged, lists of named items by name. */
function merge(target: unknown, patch: unknown): unknown {
  if (isObject(target) && isObject(patch)) {
    const out: Record<string, unknown> = { ...target };
    for (const [k, v] of Object.entries(patch)) out[k] = k in target ? merge(target[k], v) : v;
    return out;
  }
  if (Array.isArray(target) && Array.isArray(patch) && patch.every((p) => isObject(p) && 'name' in p)) {
    const out = target.map((t) => {
      const p = patch.find((x) => isObject(t) && x.name === t.name);
      return p ? merge(t, p) : t;
    });
    for (const p of patch) if (!target.some((t) => isObject(t) && t.name === p.name)) out.push(p);
    return out;
  }
  return patch;
}

export class KustomizeError extends Error {}

/**
 * What `kustomize build dir` would give for the features these manifests use (resources, patches by kind and name,
 * images, namespace); no kustomize binary is reachable here. Unknown features are refused, not ignored.
 */
export function build(dir: string): Doc[] {
  const file = join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new KustomizeError(`${dir}: no kustomization.yaml`);
  const k = readYaml(file)[0] as unknown as Kustomization & Record<string, unknown>;
  const known = ['apiVersion', 'kind', 'resources', 'patches', 'images', 'namespace', 'labels'];
  const unknown = Object.keys(k).filter((key) => !known.includes(key));
  if (unknown.length > 0)
    throw new KustomizeError(`${file}: unsupported by this check: ${unknown.join(', ')}`);
  let docs: Doc[] = [];
  for (const r of k.resources ?? []) {
    const path = resolve(dir, r);
    if (!existsSync(path)) throw new KustomizeError(`${file}: resource ${r} does not exist`);
    docs.push(...(existsSync(join(path, 'kustomization.yaml')) ? build(path) : readYaml(path)));
  }
  for (const { path } of k.patches ?? []) {
    for (const patch of readYaml(resolve(dir, path))) {
      const i = docs.findIndex((d) => d.kind === patch.kind && d.metadata.name === patch.metadata.name);
      if (i < 0)
        throw new KustomizeError(`${file}: patch ${path} targets no ${patch.kind} ${patch.metadata.name}`);
      docs[i] = merge(docs[i], patch) as Doc;
    }
  }
  for (const image of k.images ?? []) {
    let used = false;
    for (const c of containersOf(docs)) {
      if (c.container.image !== image.name) continue;
      c.container.image = `${image.newName ?? image.name}${image.newTag ? `:${image.newTag}` : ''}`;
      used = true;
    }
    if (!used) throw new KustomizeError(`${file}: image ${image.name} is used by no container`);
  }
  if (k.namespace)
    docs = docs.map((d) =>
      d.kind === 'Namespace' ? d : { ...d, metadata: { ...d.metadata, namespace: k.namespace } },
    );
  return docs;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string };
    secretKeyRef?: { name: string; key: string };
    fieldRef?: { fieldPath: string };
  };
}

export interface Probe {
  httpGet?: { path: string; port: string | number };
}

export interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  volumeMounts?: { name: string; mountPath: string }[];
}

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  volumes?: { name: string; secret?: { secretName: string }; emptyDir?: object }[];
}

/** Every container of every workload (Deployment, StatefulSet, Job), with its workload and pod. */
export function containersOf(docs: Doc[]): { workload: Doc; pod: PodSpec; container: Container }[] {
  const out: { workload: Doc; pod: PodSpec; container: Container }[] = [];
  for (const d of docs) {
    if (!['Deployment', 'StatefulSet', 'Job'].includes(d.kind)) continue;
    const pod = (d as unknown as { spec: { template: { spec: PodSpec } } }).spec.template.spec;
    for (const container of [...(pod.initContainers ?? []), ...pod.containers])
      out.push({ workload: d, pod, container });
  }
  return out;
}

export const dirOf = (file: string) => dirname(file);
