import { stateTone, type DomainStatus, type WeblogicStatusResponse } from '@platform/contracts/monitoring'
import { AlertTriangle, CheckCircle, HelpCircle, XCircle } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import {
  dataSourcesText,
  heapText,
  metricsNeedAttention,
  threadsText,
  cacheLine,
  clusterLabel,
  dataAgeNow,
  domainStatusStyle,
  formatInterval,
  healthStyle,
  healthTone,
  replaceDomain,
  secondsUntilRefresh,
  stateStyle,
  youngestEntry,
} from './monitoring'

const cache = (ttl: number, entries: { domain: string; age: number; expiresIn: number }[]): WeblogicStatusResponse['cache'] => ({
  ttl,
  stats: { totalEntries: entries.length, entries },
})

describe('state, health and domain status → colour and icon', () => {
  it.each([
    ['RUNNING', 'ok', 'teal.9', CheckCircle],
    ['running', 'ok', 'teal.9', CheckCircle],
    ['SHUTDOWN', 'red', 'red.9', XCircle],
    ['FAILED', 'red', 'red.9', XCircle],
    ['UNREACHABLE', 'grey', 'gray.7', HelpCircle],
    ['ADMIN', 'warning', 'yellow.4', AlertTriangle],
    ['STARTING', 'warning', 'yellow.4', AlertTriangle],
    ['FAILED_NOT_RESTARTABLE', 'warning', 'yellow.4', AlertTriangle],
  ])('%s is %s', (state, tone, color, icon) => {
    expect(stateTone(state)).toBe(tone)
    const style = stateStyle(state)
    expect(style.tone).toBe(tone)
    expect(style.color).toBe(color)
    expect(style.icon).toBe(icon)
  })

  it('draws the light warning yellow with dark text, the others with white', () => {
    expect(stateStyle('STANDBY').autoContrast).toBe(true)
    expect(stateStyle('RUNNING').autoContrast).toBe(false)
  })

  it.each([
    ['OK', 'ok', CheckCircle],
    ['WARN', 'warning', AlertTriangle],
    ['FAILED', 'red', XCircle],
    ['CRITICAL', 'red', XCircle],
    [null, 'grey', HelpCircle],
  ] as const)('health %s is %s', (health, tone, icon) => {
    expect(healthTone(health)).toBe(tone)
    expect(healthStyle(health).icon).toBe(icon)
  })

  it('colours a domain ONLINE green, UNREACHABLE grey and ERROR red', () => {
    expect(domainStatusStyle('ONLINE').color).toBe('teal.9')
    expect(domainStatusStyle('UNREACHABLE').color).toBe('gray.7')
    expect(domainStatusStyle('ERROR').color).toBe('red.9')
  })
})

describe('the countdown', () => {
  const fetchedAt = 1_700_000_000_000

  it('counts the youngest entry down from its expiresIn at fetch time', () => {
    expect(secondsUntilRefresh(42, fetchedAt, fetchedAt)).toBe(42)
    expect(secondsUntilRefresh(42, fetchedAt, fetchedAt + 999)).toBe(42)
    expect(secondsUntilRefresh(42, fetchedAt, fetchedAt + 1000)).toBe(41)
    expect(secondsUntilRefresh(42, fetchedAt, fetchedAt + 41_500)).toBe(1)
  })

  it('never goes below 0', () => {
    expect(secondsUntilRefresh(42, fetchedAt, fetchedAt + 42_000)).toBe(0)
    expect(secondsUntilRefresh(42, fetchedAt, fetchedAt + 600_000)).toBe(0)
    expect(secondsUntilRefresh(-3, fetchedAt, fetchedAt)).toBe(0)
  })

  it('does not count up when the clock is behind the fetch time', () => {
    expect(secondsUntilRefresh(30, fetchedAt, fetchedAt - 5_000)).toBe(30)
    expect(dataAgeNow(12, fetchedAt, fetchedAt - 5_000)).toBe(12)
  })

  it('ages the data by the seconds since the fetch', () => {
    expect(dataAgeNow(12, fetchedAt, fetchedAt + 3_200)).toBe(15)
  })

  it('uses the youngest entry', () => {
    const c = cache(60, [
      { domain: 'a', age: 50, expiresIn: 10 },
      { domain: 'b', age: 5, expiresIn: 55 },
      { domain: 'c', age: 30, expiresIn: 30 },
    ])
    expect(youngestEntry(c)).toMatchObject({ domain: 'b' })
    expect(youngestEntry(cache(60, []))).toBeNull()
  })

  it('writes the cache line', () => {
    const c = cache(60, [
      { domain: 'a', age: 20, expiresIn: 40 },
      { domain: 'b', age: 4, expiresIn: 56 },
    ])
    expect(cacheLine(9, c, fetchedAt, fetchedAt)).toBe('9 servers · updates every 1 minute · data age 4s · next refresh in 56s')
    expect(cacheLine(9, c, fetchedAt, fetchedAt + 10_000)).toBe('9 servers · updates every 1 minute · data age 14s · next refresh in 46s')
    expect(cacheLine(1, cache(300, []), fetchedAt, fetchedAt)).toBe('1 server · updates every 5 minutes')
  })

  it('writes the interval in minutes', () => {
    expect(formatInterval(60)).toBe('1 minute')
    expect(formatInterval(120)).toBe('2 minutes')
    expect(formatInterval(90)).toBe('1.5 minutes')
    expect(formatInterval(30)).toBe('0.5 minutes')
  })
})

describe('cards', () => {
  it("hides the cluster 'None'", () => {
    expect(clusterLabel('None')).toBe('')
    expect(clusterLabel('FinanceCluster')).toBe('FinanceCluster')
  })

  it('replaces one domain and keeps the others', () => {
    const domain = (name: string, state: string): DomainStatus => ({
      domain: name,
      status: 'ONLINE',
      adminServer: { name: 'AdminServer', host: 'h', port: 7001, url: 'http://h:7001', state, health: 'OK', weblogicVersion: '14.1.1.0.0' },
      managedServers: [],
      consoleUrl: null,
      lastChecked: '2026-01-01T00:00:00.000Z',
      isMockData: false,
      error: null,
      originalError: null,
    })
    const status: WeblogicStatusResponse = {
      summary: { totalDomains: 2, runningServers: 2, totalServers: 2, warningServers: 0, failedServers: 0 },
      cache: cache(60, []),
      domains: [domain('a', 'RUNNING'), domain('b', 'RUNNING')],
    }
    const next = replaceDomain(status, domain('b', 'SHUTDOWN'))
    expect(next.domains.map((d) => [d.domain, d.adminServer.state])).toEqual([
      ['a', 'RUNNING'],
      ['b', 'SHUTDOWN'],
    ])
    expect(status.domains[1]!.adminServer.state).toBe('RUNNING')
  })
})

describe('server metrics in words', () => {
  const metrics = {
    heapUsedPercent: 21,
    heapUsedMb: 731,
    heapMaxMb: 3641,
    stuckThreads: 0,
    hoggingThreads: 2,
    dataSources: [{ name: 'jdbc/hr', state: 'Running', activeConnections: 3 }],
  }
  it('writes heap, threads and data sources', () => {
    expect(heapText(metrics)).toBe('21% (731 of 3,641 MB)')
    expect(threadsText(metrics)).toBe('0 stuck, 2 hogging')
    expect(dataSourcesText(metrics)).toBe('jdbc/hr: Running (3 active)')
    expect([heapText(null), threadsText(undefined), dataSourcesText(null)]).toEqual(['—', '—', '—'])
  })
  it('flags stuck threads and data sources that are not running', () => {
    expect(metricsNeedAttention(metrics)).toBe(false)
    expect(metricsNeedAttention({ ...metrics, stuckThreads: 1 })).toBe(true)
    expect(metricsNeedAttention({ ...metrics, dataSources: [{ name: 'x', state: 'Suspended', activeConnections: 0 }] })).toBe(true)
  })
})
