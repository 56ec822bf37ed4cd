// The edge and the images: both overlays render an Ingress in front of the gateway (TLS, the upload
// body limit, an unbuffered notification stream), and every image the manifests, docker-compose.yml
// and the Dockerfile use is pinned to a release tag from a registry that still publishes it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { OVERLAYS, kindCounts, renderOverlay, type RenderedObject } from '@app/testing/unit';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The notification stream's path (gateway/src/notifications/notifications.controller.ts). */
const STREAM_PATH = '/api/notifications/stream';
/** What the proxy lets through: the 100 MB file, its multipart framing (the gateway refuses over 101 MB). */
const BODY_LIMIT = '110m';

interface IngressSpec {
  ingressClassName?: string;
  tls?: { hosts?: string[]; secretName?: string }[];
  rules?: {
    host?: string;
    http?: {
      paths: { path: string; pathType: string; backend: { service: { name: string; port: { name?: string } } } }[];
    };
  }[];
}
const ingressSpec = (object: RenderedObject) => object.spec as IngressSpec;
const annotation = (object: RenderedObject, key: string) => object.metadata.annotations?.[key];

describe.each([...OVERLAYS])('k8s/overlays/%s: the Ingress', (overlay) => {
  const objects = () => renderOverlay(overlay);
  const ingresses = () => objects().filter((object) => object.kind === 'Ingress');
  const minionFor = (path: string) => {
    const found = ingresses().filter((ingress) =>
      ingressSpec(ingress).rules?.some((rule) => rule.http?.paths.some((entry) => entry.path === path)),
    );
    expect(found.map((ingress) => ingress.metadata.name)).toHaveLength(1);
    return found[0]!;
  };

  it('terminates TLS for one host, with the master holding the host and its certificate', () => {
    const masters = ingresses().filter(
      (ingress) => annotation(ingress, 'nginx.org/mergeable-ingress-type') === 'master',
    );
    expect(masters).toHaveLength(1);
    const master = ingressSpec(masters[0]!);
    const host = master.rules?.[0]?.host;
    expect(host).toMatch(/^[a-z0-9.-]+$/);
    expect(master.tls).toEqual([{ hosts: [host], secretName: expect.stringMatching(/\S/) }]);
    expect(master.rules?.[0]?.http).toBeUndefined();
    for (const ingress of ingresses()) {
      expect({ name: ingress.metadata.name, class: ingressSpec(ingress).ingressClassName }).toEqual({
        name: ingress.metadata.name,
        class: 'nginx',
      });
      expect(ingressSpec(ingress).rules?.map((rule) => rule.host)).toEqual([host]);
      if (ingress !== masters[0]) expect(annotation(ingress, 'nginx.org/mergeable-ingress-type')).toBe('minion');
    }
  });

  it('sends everything to the gateway Service’s http port, uploads up to 110 MB', () => {
    const service = objects().find((object) => object.kind === 'Service' && object.metadata.name === 'gateway')!;
    const servicePorts = (service.spec as { ports: { name: string }[] }).ports.map((port) => port.name);
    for (const ingress of ingresses()) {
      for (const entry of ingressSpec(ingress).rules?.flatMap((rule) => rule.http?.paths ?? []) ?? []) {
        expect(entry.backend.service.name).toBe('gateway');
        expect(servicePorts).toContain(entry.backend.service.port.name);
      }
    }
    const everything = minionFor('/');
    expect(ingressSpec(everything).rules?.[0]?.http?.paths[0]?.pathType).toBe('Prefix');
    expect(annotation(everything, 'nginx.org/client-max-body-size')).toBe(BODY_LIMIT);
  });

  it('streams notifications unbuffered, on a connection that outlives the heartbeat', () => {
    const stream = minionFor(STREAM_PATH);
    expect(annotation(stream, 'nginx.org/proxy-buffering')).toBe('False');
    const seconds = Number(/^(\d+)s$/.exec(annotation(stream, 'nginx.org/proxy-read-timeout') ?? '')?.[1]);
    // Longer than a whole stream (NOTIFICATION_STREAM_MAX_MINUTES, 15 by default), not only a heartbeat.
    expect(seconds).toBeGreaterThanOrEqual(15 * 60);
    // Everything else keeps the controller's response buffering.
    expect(annotation(minionFor('/'), 'nginx.org/proxy-buffering')).toBeUndefined();
  });

  it('lists the kinds it renders (the Ingress objects and, in production only, the monitoring objects)', () => {
    const counts = kindCounts(objects());
    expect(counts.Ingress).toBe(3);
    if (overlay === 'production')
      expect({ PodMonitor: counts.PodMonitor, PrometheusRule: counts.PrometheusRule }).toEqual({
        PodMonitor: 2,
        PrometheusRule: 1,
      });
    else
      expect({ PodMonitor: counts.PodMonitor, PrometheusRule: counts.PrometheusRule }).toEqual({
        PodMonitor: undefined,
        PrometheusRule: undefined,
      });
  });
});

// ---- images -------------------------------------------------------------------------------------

/**
 * A third-party image reference is pinned when its tag names a release (digits and dots, e.g.
 * 17.11-trixie or RELEASE.2025-09-07T16-13-09Z), never `latest` or a bare major; registries that
 * stopped publishing are refused: Bitnami's Docker Hub images (withdrawn in 2025) and Docker Hub's
 * minio/* (removed in 2026; quay.io/minio keeps the last community release).
 */
function imageProblem(image: string): string | null {
  const match =
    /^(?:(?<registry>[a-z0-9.-]+\.[a-z]{2,}(?::\d+)?)\/)?(?<path>[a-z0-9._/-]+):(?<tag>[A-Za-z0-9._-]+)$/.exec(image);
  if (!match?.groups) return `${image}: no tag`;
  const { registry, path, tag } = match.groups as { registry?: string; path: string; tag: string };
  const release = /\d+\.\d+/.test(tag) || /^RELEASE\.\d{4}-\d{2}-\d{2}T/.test(tag);
  if (tag === 'latest' || !release) return `${image}: tag "${tag}" is not a release`;
  if (path.startsWith('bitnami/')) return `${image}: Bitnami images are no longer published on Docker Hub`;
  if (path.startsWith('minio/') && (registry === undefined || registry === 'docker.io'))
    return `${image}: minio/* is gone from Docker Hub; use quay.io/minio`;
  return null;
}

interface PodTemplateHolder {
  template?: { spec?: { containers?: { image?: string }[]; initContainers?: { image?: string }[] } };
}

describe.each([...OVERLAYS])('k8s/overlays/%s: images', (overlay) => {
  it('runs every dependency and helper image from a pinned release tag', () => {
    const images = renderOverlay(overlay).flatMap((object) => {
      const spec = (object.spec as PodTemplateHolder | undefined)?.template?.spec;
      return [...(spec?.containers ?? []), ...(spec?.initContainers ?? [])].map((container) => container.image ?? '');
    });
    const thirdParty = images.filter((image) => !image.startsWith('videofeedback/'));
    if (overlay === 'local') expect(thirdParty.length).toBeGreaterThanOrEqual(4);
    expect(thirdParty.map(imageProblem).filter(Boolean)).toEqual([]);
  });
});

describe('docker-compose.yml, the test containers and the Dockerfile: images', () => {
  it('pins every image `npm test` starts with testcontainers (when a Docker engine answers)', () => {
    const source = readFileSync(join(root, 'infra/local/lib/containers.mjs'), 'utf8');
    const images = [...source.matchAll(/GenericContainer\('([^']+)'\)/g)].map((match) => match[1]!);
    expect(images).toHaveLength(4);
    expect(images.map(imageProblem).filter(Boolean)).toEqual([]);
  });

  it('pins every compose image to a release tag from a registry that still publishes it', () => {
    const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { image?: string; build?: unknown }>;
    };
    const images = Object.values(compose.services)
      .filter((service) => service.build === undefined && service.image !== undefined)
      .map((service) => service.image!);
    expect(images.length).toBeGreaterThanOrEqual(5);
    expect(images.map(imageProblem).filter(Boolean)).toEqual([]);
  });

  it('builds on an exact Node LTS release (an even major), slim, and installs without dev dependencies for runtime', () => {
    const dockerfile = readFileSync(join(root, 'infra/docker/Dockerfile'), 'utf8');
    const nodeImage = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1] ?? '';
    const version = /^node:(\d+)\.(\d+)\.(\d+)-[a-z]+-slim$/.exec(nodeImage);
    expect({ nodeImage, pinned: version !== null }).toEqual({ nodeImage, pinned: true });
    const major = Number(version![1]);
    expect(major % 2).toBe(0);
    expect(major).toBeGreaterThanOrEqual(22);
    // Every stage starts from that argument or from an earlier stage, never from a floating tag.
    const stages = [...dockerfile.matchAll(/^FROM (\S+)(?: AS (\S+))?$/gm)];
    const names = new Set<string>();
    for (const [, from, name] of stages) {
      expect({ from, allowed: from === '${NODE_IMAGE}' || names.has(from!) }).toEqual({ from, allowed: true });
      if (name) names.add(name);
    }
  });
});
