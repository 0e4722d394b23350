import { withDeadline } from './deadline.ts';

// The metrics registry behind GET /metrics: a list of collectors, each returning metric families when
// scraped, written in the Prometheus text exposition format (version 0.0.4). Counting on the request
// path is left to whoever counts (plain numbers and maps, read at scrape time), so serving a request
// costs an increment, never a label string or an object. prom-client would do the same job but builds a
// label key per increment; the site needs no more than this.

export type MetricType = 'counter' | 'gauge' | 'histogram';
/** One line: the family's name plus `suffix` (`_bucket`, `_sum`, `_count` for a histogram), its labels, its value. */
export type Sample = { suffix?: string; labels?: Record<string, string>; value: number };
export type MetricFamily = { name: string; help: string; type: MetricType; samples: Sample[] };
/** Called at every scrape; a collector that fails (or takes over a second) leaves its families out of that scrape. */
export type Collector = () => MetricFamily[] | Promise<MetricFamily[]>;

export const counter = (name: string, help: string, samples: Sample[]): MetricFamily => ({ name, help, type: 'counter', samples });
export const gauge = (name: string, help: string, samples: Sample[]): MetricFamily => ({ name, help, type: 'gauge', samples });

/** Upper bounds (seconds) of the request latency histogram's buckets. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** Counts observations into fixed buckets: `counts[i]` for bucket i (the last for +Inf), plus sum and count. */
export class Histogram {
  readonly counts = new Float64Array(LATENCY_BUCKETS.length + 1);
  sum = 0;
  count = 0;

  observe(seconds: number): void {
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i++;
    this.counts[i]++;
    this.sum += seconds;
    this.count++;
  }

  /** The samples of one labelled series: cumulative buckets, sum and count. */
  samples(labels: Record<string, string>): Sample[] {
    const out: Sample[] = [];
    let cumulative = 0;
    for (let i = 0; i <= LATENCY_BUCKETS.length; i++) {
      cumulative += this.counts[i];
      out.push({ suffix: '_bucket', labels: { ...labels, le: i < LATENCY_BUCKETS.length ? String(LATENCY_BUCKETS[i]) : '+Inf' }, value: cumulative });
    }
    out.push({ suffix: '_sum', labels, value: this.sum }, { suffix: '_count', labels, value: this.count });
    return out;
  }
}

const COLLECT_DEADLINE_MS = 1000;

export class MetricsRegistry {
  private readonly collectors: Collector[] = [];

  /** Adds what a part of the system reports (a backup's last success, a count of erasures …). */
  register(collector: Collector): void {
    this.collectors.push(collector);
  }

  /** Every collector's families, as the text format, in the order they were registered. */
  async render(): Promise<string> {
    const results = await Promise.all(this.collectors.map((collect) => collectWithin(collect, COLLECT_DEADLINE_MS)));
    let text = '';
    for (const families of results) for (const family of families) text += formatFamily(family);
    return text;
  }
}

async function collectWithin(collect: Collector, ms: number): Promise<MetricFamily[]> {
  try {
    return await withDeadline(ms, Promise.resolve().then(collect), { onExpiry: () => [] });
  } catch {
    return [];
  }
}

function formatFamily({ name, help, type, samples }: MetricFamily): string {
  let text = `# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}\n# TYPE ${name} ${type}\n`;
  for (const { suffix = '', labels, value } of samples) text += `${name}${suffix}${formatLabels(labels)} ${formatValue(value)}\n`;
  return text;
}

function formatLabels(labels: Record<string, string> | undefined): string {
  if (!labels) return '';
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`);
  return pairs.length ? `{${pairs.join(',')}}` : '';
}

const formatValue = (value: number) => (Number.isNaN(value) ? 'NaN' : value === Infinity ? '+Inf' : value === -Infinity ? '-Inf' : String(value));
