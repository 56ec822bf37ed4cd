// `kubectl kustomize k8s/overlays/<overlay>`, parsed (offline; no cluster needed). Without kubectl
// on the PATH the specs that use it fail, never skip.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from './test-env.js';

const root = REPO_ROOT;

export const OVERLAYS = ['local', 'production'] as const;
export type Overlay = (typeof OVERLAYS)[number];

export interface RenderedObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  data?: Record<string, string>;
  // The shapes differ by kind; each spec reads the fields it checks.
  spec?: Record<string, unknown>;
}

const renders = new Map<Overlay, RenderedObject[]>();

export function renderOverlay(overlay: Overlay): RenderedObject[] {
  const cached = renders.get(overlay);
  if (cached) return cached;
  let output: string;
  try {
    output = execFileSync('kubectl', ['kustomize', join(root, 'k8s/overlays', overlay)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(
        'kubectl is not on the PATH: install kubectl to check k8s/ (`kubectl kustomize` needs no cluster).',
      );
    throw new Error(
      `kubectl kustomize k8s/overlays/${overlay} failed: ${(error as { stderr?: string }).stderr ?? String(error)}`,
    );
  }
  const objects = parseAllDocuments(output).flatMap((doc) => {
    if (doc.errors.length > 0)
      throw new Error(`k8s/overlays/${overlay} rendered invalid YAML: ${doc.errors[0].message}`);
    const value = doc.toJS() as RenderedObject | null;
    return value ? [value] : [];
  });
  renders.set(overlay, objects);
  return objects;
}

/** Kind → how many objects of it an overlay renders. */
export function kindCounts(objects: RenderedObject[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const object of objects) counts[object.kind] = (counts[object.kind] ?? 0) + 1;
  return counts;
}
