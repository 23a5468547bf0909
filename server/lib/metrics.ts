import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics in Prometheus' text format (GET /metrics, docs/deploying.md). Labels are routes, states,
 * outcomes and names of tasks: never a client, a ticker or a quantity (a label is stored per value, forever, by
 * whoever scrapes it). One registry per app, so that tests building several apps in one process count apart.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  agentCalls: Counter<'operation' | 'outcome'>;
  agentDuration: Histogram<'operation' | 'outcome'>;
  taskRuns: Counter<'task' | 'outcome'>;
  taskDuration: Histogram<'task' | 'outcome'>;
  loginFailures: Counter<'reason'>;
  /** Adds a gauge whose value is read when scraped (orders by state, the database pool). */
  gauge(
    name: string,
    help: string,
    labels: string[],
    read: (set: (labels: Record<string, string>, value: number) => void) => Promise<void> | void,
  ): void;
}

/** The buckets of calls that take from a millisecond (a cached answer) to an agent's timeout and past it. */
const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'carteira_http_requests_total',
      help: 'Requisições HTTP atendidas, por rota (o padrão, não o endereço) e status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'carteira_http_request_duration_seconds',
      help: 'Duração das requisições HTTP, por rota e status.',
      labelNames: ['method', 'route', 'status'],
      buckets: SECONDS,
      registers,
    }),
    agentCalls: new Counter({
      name: 'carteira_mt5_agent_calls_total',
      help: 'Chamadas aos agentes MT5, por operação e resultado.',
      labelNames: ['operation', 'outcome'],
      registers,
    }),
    agentDuration: new Histogram({
      name: 'carteira_mt5_agent_call_duration_seconds',
      help: 'Duração das chamadas aos agentes MT5, por operação e resultado.',
      labelNames: ['operation', 'outcome'],
      buckets: SECONDS,
      registers,
    }),
    taskRuns: new Counter({
      name: 'carteira_task_runs_total',
      help: 'Execuções das tarefas de fundo, por tarefa e resultado.',
      labelNames: ['task', 'outcome'],
      registers,
    }),
    taskDuration: new Histogram({
      name: 'carteira_task_run_duration_seconds',
      help: 'Duração das execuções das tarefas de fundo.',
      labelNames: ['task', 'outcome'],
      buckets: SECONDS,
      registers,
    }),
    loginFailures: new Counter({
      name: 'carteira_login_failures_total',
      help: 'Logins recusados: credenciais inválidas ou tentativas em espera (throttle).',
      labelNames: ['reason'],
      registers,
    }),
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          this.reset();
          await read((labels, value) => this.set(labels, value));
        },
      });
    },
  };
}
