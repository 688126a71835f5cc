import { afterEach, describe, expect, it } from 'vitest'
import type { ScrapeRun } from '@platform/contracts/dsa'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { ConfigError, loadConfig } from '../../config.js'
import { type DemoTracker, startDemoTracker } from './demo-tracker/demo-tracker.js'

describe('scheduled scrapes', () => {
  let t: TestApp
  let tracker: DemoTracker
  afterEach(async () => {
    await t.close()
    await tracker.close()
  })

  it('scrape the configured clients one after the other at each tick, as schedule runs', async () => {
    tracker = await startDemoTracker({ projectCounts: { '37-H9': 3, '37-58': 2 } })
    // Every second (croner reads a sixth field as seconds).
    t = await buildTestApp({
      dialect: 'sqlite',
      env: { DSA_BASE_URL: tracker.url, DSA_REQUEST_DELAY_MS: '0', DSA_SCHEDULE: '* * * * * *', DSA_SCHEDULE_CLIENTS: '37-H9, 37-58' },
    })
    const admin = await t.signIn('admin@example.org')
    let runs: ScrapeRun[] = []
    for (let i = 0; i < 100 && runs.filter((run) => run.status === 'SUCCESS').length < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      runs = (await t.request({ method: 'GET', url: '/api/dsa-scrape-runs?limit=50', token: admin })).json().data
    }
    const finished = runs.filter((run) => run.status === 'SUCCESS').reverse()
    expect(finished.slice(0, 2).map((run) => [run.clientId, run.trigger])).toEqual([
      ['37-H9', 'schedule'],
      ['37-58', 'schedule'],
    ])
    expect((await t.request({ method: 'GET', url: '/api/dsa-projects', token: admin })).json().pagination.total).toBe(5)
  })
})

describe('the schedule settings', () => {
  it('refuse a schedule that is not a cron expression, or clients that are not client ids', () => {
    expect(() => loadConfig({ DSA_SCHEDULE: 'every night' })).toThrow(ConfigError)
    expect(() => loadConfig({ DSA_SCHEDULE: 'every night' })).toThrow('DSA_SCHEDULE: must be a cron expression')
    expect(() => loadConfig({ DSA_SCHEDULE_CLIENTS: '37-H9,<x>' })).toThrow('DSA_SCHEDULE_CLIENTS')
    expect(loadConfig({ DSA_SCHEDULE: '0 3 * * *' }).dsa).toMatchObject({ schedule: '0 3 * * *', scheduleClients: ['37-H9', '37-58'] })
  })
})
