// The PromQL of the monitoring component (k8s/components/monitoring): every alert's expression and
// every Grafana panel's query, and the metric names each one reads. Shared by the manifest check
// (infra/deploy/monitoring.spec.ts) and the check against running processes
// (infra/deploy/monitoring.int-spec.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from './test-env.js';

const root = REPO_ROOT;
export const MONITORING_DIR = join(root, 'k8s/components/monitoring');

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface PrometheusRuleFile {
  kind: string;
  spec: { groups: { name: string; rules: AlertRule[] }[] };
}

export interface DashboardPanel {
  type: string;
  title: string;
  targets?: { expr: string; refId: string }[];
}

export interface Dashboard {
  title: string;
  uid: string;
  panels: DashboardPanel[];
}

export function prometheusRules(): PrometheusRuleFile {
  return parse(readFileSync(join(MONITORING_DIR, 'prometheus-rules.yaml'), 'utf8')) as PrometheusRuleFile;
}

export function alertRules(): AlertRule[] {
  return prometheusRules().spec.groups.flatMap((group) => group.rules);
}

export function dashboard(): Dashboard {
  return JSON.parse(readFileSync(join(MONITORING_DIR, 'grafana-dashboard.json'), 'utf8')) as Dashboard;
}

/** Every query the component runs: where it comes from and its PromQL. */
export function monitoringQueries(): { source: string; expr: string }[] {
  return [
    ...alertRules().map((rule) => ({ source: `alert ${rule.alert}`, expr: rule.expr })),
    ...dashboard()
      .panels.filter((panel) => panel.type !== 'row')
      .flatMap((panel) =>
        (panel.targets ?? []).map((target) => ({
          source: `panel "${panel.title}" ${target.refId}`,
          expr: target.expr,
        })),
      ),
  ];
}

/** PromQL words that are not metric names (operators, modifiers, aggregation clauses). */
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'inf',
  'nan',
]);

export interface MetricSelector {
  name: string;
  /** The `app` a selector pins it to (`{app="gateway"}`), when it does. */
  app?: string;
}

/**
 * The metric names a PromQL expression reads: identifiers that are neither functions (followed by
 * "("), keywords, label names (inside {…} or a by/without list) nor Grafana variables.
 */
export function metricSelectors(expr: string): MetricSelector[] {
  // Blank out (keeping every offset) what holds no metric name: string contents, by/without/on
  // lists, range and subquery brackets, Grafana variables.
  const blank = (found: string) => ' '.repeat(found.length);
  const text = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, (found) => `"${blank(found.slice(2))}"`)
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, blank)
    .replace(/\[[^\]]*\]/g, blank)
    .replace(/\$\w+/g, blank);
  const selectors: MetricSelector[] = [];
  for (const match of text.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const name = match[0];
    const end = match.index + name.length;
    if (KEYWORDS.has(name.toLowerCase()) || /^\s*\(/.test(text.slice(end))) continue;
    // Inside a {…} selector: a label name.
    const before = text.slice(0, match.index);
    if (before.lastIndexOf('{') > before.lastIndexOf('}')) continue;
    const matchers = /^\s*\{([^}]*)\}/.exec(expr.slice(end));
    const app = matchers ? /\bapp\s*=\s*"([^"]*)"/.exec(matchers[1])?.[1] : undefined;
    selectors.push({ name, ...(app ? { app } : {}) });
  }
  return selectors;
}

/** A histogram's series names point at its family: x_bucket, x_sum and x_count are x. */
export function metricFamily(name: string): { family: string; histogramPart: boolean } {
  const part = /^(.*)_(bucket|sum|count)$/.exec(name);
  return part ? { family: part[1], histogramPart: true } : { family: name, histogramPart: false };
}
