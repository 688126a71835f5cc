import { Stack, Tabs, Text, Title } from '@mantine/core'
import { BarChart3, Database, RefreshCw } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { useDocumentTitle } from '@/lib/use-document-title'
import { LoadingState } from '@/components/loading-state'
import { DatabaseView } from './database-view'
import { ScraperPanel } from './scraper-panel'

// The chart library is most of this screen's code: it loads only when the Statistics tab is opened.
const StatisticsPanel = lazy(async () => ({ default: (await import('./statistics-panel')).StatisticsPanel }))

const TABS = ['scraper', 'database', 'statistics'] as const
type Tab = (typeof TABS)[number]
const DEFAULT_TAB: Tab = 'scraper'

/** The DSA Project Tracker: Scraper, Database View and Statistics; the tab is kept in `?tab=` so a reload keeps it. */
export function DsaTracker() {
  useDocumentTitle('DSA Project Tracker')
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = searchParams.get('tab')
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : DEFAULT_TAB

  const onTabChange = (value: string | null) => {
    if (!value || value === tab) return
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params)
        if (value === DEFAULT_TAB) next.delete('tab')
        else next.set('tab', value)
        return next
      },
      { replace: true },
    )
  }

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>DSA Project Tracker</Title>
        <Text c="dimmed">
          The district&apos;s construction projects on the Division of the State Architect&apos;s tracker: read them, search them, follow
          them.
        </Text>
      </Stack>

      {/* Only the open tab is mounted, so it alone asks the server; the query cache makes switching back instant. */}
      <Tabs value={tab} onChange={onTabChange} keepMounted={false}>
        <Tabs.List aria-label="DSA Project Tracker sections">
          <Tabs.Tab value="scraper" leftSection={<RefreshCw size={16} aria-hidden="true" />}>
            Scraper
          </Tabs.Tab>
          <Tabs.Tab value="database" leftSection={<Database size={16} aria-hidden="true" />}>
            Database View
          </Tabs.Tab>
          <Tabs.Tab value="statistics" leftSection={<BarChart3 size={16} aria-hidden="true" />}>
            Statistics
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="scraper" pt="md">
          <ScraperPanel />
        </Tabs.Panel>
        <Tabs.Panel value="database" pt="md">
          <DatabaseView />
        </Tabs.Panel>
        <Tabs.Panel value="statistics" pt="md">
          <Suspense fallback={<LoadingState label="Loading statistics" />}>
            <StatisticsPanel />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
