import type { DomainStatus, ManagedServer, ServerMetrics } from '@platform/contracts/monitoring'
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.js'

function metricsFor(name: string, state: string): ServerMetrics | null {
  if (state !== 'RUNNING') return null
  // Stable, different-looking figures per server.
  const seed = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0)
  const maxMb = 2048 + (seed % 3) * 1024
  const usedPercent = 30 + (seed % 45)
  return {
    heapUsedPercent: usedPercent,
    heapUsedMb: Math.round((maxMb * usedPercent) / 100),
    heapMaxMb: maxMb,
    stuckThreads: name.endsWith('2') ? 1 : 0,
    hoggingThreads: seed % 3,
    dataSources: [{ name: `jdbc/${name.split('_')[0]}`, state: 'Running', activeConnections: seed % 7 }],
  }
}

function server(
  name: string,
  cluster: string,
  state: string,
  health: ManagedServer['health'],
  startedAgo: number | null,
  now: Date,
  port: number,
): ManagedServer {
  return {
    metrics: metricsFor(name, state),
    name,
    listenAddress: `${name.toLowerCase().replace(/_/g, '-')}.district.local`,
    listenPort: port,
    clusterName: cluster,
    state,
    health,
    startTime: startedAgo === null ? null : new Date(now.getTime() - startedAgo).toISOString(),
  }
}

/**
 * Example domains shown when none are configured, clearly marked as mock data: running, warning, shut-down and failed
 * servers, clustered and not, and one unreachable domain, so the screen can be seen working without WebLogic.
 */
export function mockDomains(now: Date): DomainStatus[] {
  const base = { isMockData: true, lastChecked: now.toISOString(), originalError: null }
  return [
    {
      ...base,
      domain: 'finance_prod',
      status: 'ONLINE',
      adminServer: {
        name: 'AdminServer',
        host: 'wls-finance.district.local',
        port: 7001,
        url: 'https://wls-finance.district.local:7001',
        state: 'RUNNING',
        health: 'OK',
        weblogicVersion: '14.1.1.0.0',
        metrics: metricsFor('AdminServer', 'RUNNING'),
      },
      managedServers: [
        server('fin_server1', 'finance_cluster', 'RUNNING', 'OK', 26 * HOUR_MS, now, 8001),
        server('fin_server2', 'finance_cluster', 'RUNNING', 'WARN', 3 * HOUR_MS, now, 8001),
        server('fin_batch', 'None', 'SHUTDOWN', null, null, now, 8011),
      ],
      consoleUrl: 'https://wls-finance.district.local:7001/console',
      error: null,
    },
    {
      ...base,
      domain: 'hr_payroll',
      status: 'ONLINE',
      adminServer: {
        name: 'AdminServer',
        host: 'wls-hr.district.local',
        port: 7001,
        url: 'https://wls-hr.district.local:7001',
        state: 'RUNNING',
        health: 'OK',
        weblogicVersion: '12.2.1.4.0',
        metrics: metricsFor('AdminServer_hr', 'RUNNING'),
      },
      managedServers: [
        server('hr_server1', 'hr_cluster', 'RUNNING', 'OK', 4 * 24 * HOUR_MS, now, 8001),
        server('hr_server2', 'hr_cluster', 'FAILED', 'CRITICAL', null, now, 8001),
        server('payroll_reports', 'None', 'STARTING', null, null, now, 8021),
      ],
      consoleUrl: 'https://wls-hr.district.local:7001/console',
      error: null,
    },
    {
      ...base,
      domain: 'student_info_test',
      status: 'UNREACHABLE',
      adminServer: {
        name: 'AdminServer',
        host: 'wls-sis-test.district.local',
        port: 7001,
        url: 'https://wls-sis-test.district.local:7001',
        state: 'UNREACHABLE',
        health: null,
        weblogicVersion: null,
      },
      managedServers: [server('sis_server1', 'None', 'UNREACHABLE', null, 45 * MINUTE_MS, now, 8001)],
      consoleUrl: null,
      error: 'The admin server did not answer within 5 s (example)',
      originalError: 'timeout',
    },
  ]
}
