// Observability as code (k8s/components/monitoring, in the production overlay): a PodMonitor
// scrapes every app's metrics port, the PrometheusRule alerts on the golden signals and the
// pipeline with a runbook in the README for each alert, and the Grafana dashboard covers traffic,
// errors, latency, saturation, queues and the pipeline stages. That every metric they name is
// exported by a running process is monitoring.int-spec.ts's job.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { APP_NAMES } from '@app/contracts';
import {
  alertRules,
  dashboard,
  metricSelectors,
  monitoringQueries,
  renderOverlay,
  type RenderedObject,
} from '@app/testing/unit';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The alerts the issue asks for, by what they watch. */
const REQUIRED_ALERTS = {
  '5xx ratio': 'VfGatewayHighErrorRatio',
  'p99 latency': 'VfGatewayHighLatencyP99',
  'queue backlog age': 'VfQueueBacklogAge',
  'failed jobs': 'VfJobsFailing',
  'outbox lag': 'VfOutboxLag',
  'dead letters': 'VfDeadLetters',
  'notification stream errors': 'VfNotificationStreamErrors',
};
const DASHBOARD_ROWS = ['Traffic', 'Errors', 'Latency', 'Saturation', 'Queues', 'Pipeline stages'];

interface PodMonitorSpec {
  selector: {
    matchLabels?: Record<string, string>;
    matchExpressions?: { key: string; operator: string; values: string[] }[];
  };
  podMetricsEndpoints: { port?: string; path?: string }[];
}
interface Container {
  ports?: { name?: string; containerPort: number }[];
}
interface DeploymentSpec {
  template: {
    metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
    spec: { containers: Container[] };
  };
}

function selects(selector: PodMonitorSpec['selector'], labels: Record<string, string>): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpression = (selector.matchExpressions ?? []).every((expression) => {
    if (expression.operator === 'In') return expression.values.includes(labels[expression.key] ?? '');
    throw new Error(`operator ${expression.operator} not understood by this check`);
  });
  return byLabel && byExpression;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

describe('k8s/overlays/production: monitoring', () => {
  const objects = () => renderOverlay('production');
  const ofKind = (kind: string) => objects().filter((object) => object.kind === kind);

  it.each([...APP_NAMES])('scrapes "%s" on its metrics port through exactly one PodMonitor endpoint', (app) => {
    const deployment = ofKind('Deployment').find((object) => object.metadata.name === app)!;
    const template = (deployment.spec as unknown as DeploymentSpec).template;
    const metricsPort = Number(template.metadata.annotations?.['prometheus.io/port']);
    const portNames = template.spec.containers
      .flatMap((container) => container.ports ?? [])
      .filter((port) => port.containerPort === metricsPort)
      .map((port) => port.name);
    expect(portNames).toHaveLength(1);
    const endpoints = ofKind('PodMonitor').flatMap((monitor: RenderedObject) => {
      const spec = monitor.spec as unknown as PodMonitorSpec;
      return selects(spec.selector, template.metadata.labels)
        ? spec.podMetricsEndpoints.filter((endpoint) => endpoint.port === portNames[0])
        : [];
    });
    expect(endpoints).toEqual([
      { port: portNames[0], path: template.metadata.annotations?.['prometheus.io/path'], interval: '15s' },
    ]);
  });

  it('ships the dashboard as a ConfigMap Grafana’s sidecar picks up', () => {
    const maps = ofKind('ConfigMap').filter((map) => map.metadata.labels?.grafana_dashboard === '1');
    expect(maps).toHaveLength(1);
    expect(JSON.parse(maps[0]!.data!['videofeedback-dashboard.json']!)).toEqual(dashboard());
  });

  it('has no monitoring objects in the local overlay (no Prometheus Operator there)', () => {
    const kinds = renderOverlay('local').map((object) => object.kind);
    expect(kinds.filter((kind) => kind === 'PodMonitor' || kind === 'PrometheusRule')).toEqual([]);
  });
});

describe('k8s/components/monitoring: alerts', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const anchors = new Set([...readme.matchAll(/^#{2,4} (.+)$/gm)].map((match) => anchorOf(match[1]!)));

  it('alerts on the golden signals and the pipeline', () => {
    const names = alertRules().map((rule) => rule.alert);
    expect(names).toEqual(expect.arrayContaining(Object.values(REQUIRED_ALERTS)));
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it.each(alertRules().map((rule) => [rule.alert, rule] as const))(
    '%s has a severity, a summary and a runbook section in the README',
    (_name, rule) => {
      expect(['warning', 'critical']).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary).toMatch(/\S/);
      const runbook = rule.annotations?.runbook_url ?? '';
      expect(runbook).toMatch(/^README\.md#[a-z0-9-]+$/);
      expect({ runbook, inReadme: anchors.has(runbook.split('#')[1]!) }).toEqual({ runbook, inReadme: true });
      expect(metricSelectors(rule.expr).length).toBeGreaterThan(0);
    },
  );
});

describe('k8s/components/monitoring: dashboard', () => {
  it('has rows for traffic, errors, latency, saturation, queues and the pipeline stages, each with panels', () => {
    const panels = dashboard().panels;
    expect(panels.filter((panel) => panel.type === 'row').map((panel) => panel.title)).toEqual(DASHBOARD_ROWS);
    let row = '';
    const perRow = new Map<string, number>();
    for (const panel of panels) {
      if (panel.type === 'row') row = panel.title;
      else perRow.set(row, (perRow.get(row) ?? 0) + 1);
    }
    for (const title of DASHBOARD_ROWS)
      expect({ title, panels: (perRow.get(title) ?? 0) > 0 }).toEqual({ title, panels: true });
  });

  it('queries a metric in every panel target, with balanced brackets', () => {
    for (const { source, expr } of monitoringQueries()) {
      expect({ source, metrics: metricSelectors(expr).length > 0 }).toEqual({ source, metrics: true });
      for (const [open, close] of ['()', '{}', '[]']) {
        expect({ source, open, balanced: expr.split(open).length === expr.split(close).length }).toEqual({
          source,
          open,
          balanced: true,
        });
      }
    }
  });
});

describe('metricSelectors', () => {
  it('finds metric names and their app, never functions, label names or keywords', () => {
    expect(
      metricSelectors(
        'histogram_quantile(0.99, sum by (route, le) (rate(vf_http_request_duration_seconds_bucket{app="gateway", route!~"/a|/b"}[5m]) or rate(x_total[$__rate_interval]))) > 1',
      ),
    ).toEqual([{ name: 'vf_http_request_duration_seconds_bucket', app: 'gateway' }, { name: 'x_total' }]);
    expect(metricSelectors('max by (app) (nodejs_eventloop_lag_p99_seconds) > 0.5')).toEqual([
      { name: 'nodejs_eventloop_lag_p99_seconds' },
    ]);
  });
});
