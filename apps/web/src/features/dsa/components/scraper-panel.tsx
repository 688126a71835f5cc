import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { DEFAULT_DSA_CLIENTS, type ScrapeRun } from '@platform/contracts/dsa'
import { Info, Play } from 'lucide-react'
import { useCallback, useState, type FormEvent } from 'react'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { errorMessage } from '@/lib/api-client'
import { RECENT_RUNS_LIMIT, useRecentScrapeRuns, useScrapeRequestDelay, useStartScrape, useWatchedRuns } from '../api/dsa'
import { paceText } from '../utils/run-state'
import { checkClientId } from '../utils/client-id'
import { adoptRunningRuns, forgetRun, type WatchedRuns } from '../utils/watched-runs'
import { ClientPicker, CUSTOM_CLIENT } from './client-picker'
import { RunsTable } from './recent-runs-table'
import { RunProgressCard } from './run-progress-card'

const EMPTY_RUNS: readonly ScrapeRun[] = []

/**
 * The runs shown as cards, one per client: the runs started here, and the RUNNING runs of the recent-runs list (started
 * by someone else, by the schedule or before a reload). A finished run's card stays 5 s, then is cleared for good.
 */
function useWatchedClientRuns(recentRuns: readonly ScrapeRun[] | undefined) {
  const [watched, setWatched] = useState<WatchedRuns>({})
  const [cleared, setCleared] = useState<ReadonlySet<number>>(() => new Set())
  const [adoptedFrom, setAdoptedFrom] = useState<readonly ScrapeRun[] | undefined>(undefined)

  // Adjusting state while rendering when the list changes (React's pattern for state derived from new data).
  if (recentRuns !== adoptedFrom) {
    setAdoptedFrom(recentRuns)
    const next = adoptRunningRuns(watched, recentRuns ?? EMPTY_RUNS, cleared)
    if (next !== watched) setWatched(next)
  }

  const watch = useCallback((run: ScrapeRun) => setWatched((current) => ({ ...current, [run.clientId]: run.id })), [])
  const clear = useCallback((clientId: string, runId: number) => {
    setCleared((current) => new Set(current).add(runId))
    setWatched((current) => forgetRun(current, clientId, runId))
  }, [])

  return { watched, watch, clear }
}

/** The Scraper tab: start a scrape of a client and follow each client's run. */
export function ScraperPanel() {
  const recent = useRecentScrapeRuns()
  const delay = useScrapeRequestDelay()
  const start = useStartScrape()
  const { watched, watch, clear } = useWatchedClientRuns(recent.data)
  const entries = Object.entries(watched)
  const runQueries = useWatchedRuns(entries.map(([, runId]) => runId))
  const runs = entries.map(([clientId, runId], index) => ({
    clientId,
    runId,
    run: runQueries[index]?.data ?? recent.data?.find((candidate) => candidate.id === runId),
  }))

  const [choice, setChoice] = useState<string>(DEFAULT_DSA_CLIENTS[0].clientId)
  const [customId, setCustomId] = useState('')
  const [inputError, setInputError] = useState<string | null>(null)
  const chosenId = (choice === CUSTOM_CLIENT ? customId : choice).trim()
  // A client whose run is not read yet counts as running: starting it again would only be refused.
  const chosenIsRunning = runs.some(({ clientId, run }) => clientId === chosenId && (!run || run.status === 'RUNNING'))

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const check = checkClientId(choice === CUSTOM_CLIENT ? customId : choice)
    if (!check.ok) {
      setInputError(check.message)
      return
    }
    setInputError(null)
    start.mutate(check.clientId, { onSuccess: ({ run }) => watch(run) })
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dsa-start-heading">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Title order={2} size="h3" id="dsa-start-heading">
              Start a scrape
            </Title>
            <ClientPicker
              choice={choice}
              onChoiceChange={(value) => {
                setChoice(value)
                setInputError(null)
              }}
              customId={customId}
              onCustomIdChange={(value) => {
                setCustomId(value)
                setInputError(null)
              }}
              error={inputError}
            />
            <Group gap="sm">
              <Button
                type="submit"
                leftSection={<Play size={16} aria-hidden="true" />}
                loading={start.isPending}
                disabled={chosenIsRunning}
              >
                Start scrape
              </Button>
              {chosenIsRunning ? (
                <Text size="sm" c="dimmed">
                  A scrape of {chosenId} is in progress.
                </Text>
              ) : null}
            </Group>
            {start.isError ? <FailureAlert message={`Scraping failed: ${errorMessage(start.error, start.error.message)}`} /> : null}
            <Alert color="blue" variant="light" icon={<Info size={18} aria-hidden="true" />} role="note">
              The state&apos;s tracker is read politely, {delay.data === undefined ? 'a page at a time' : paceText(delay.data)}, so a large
              district takes a while. The scrape runs on the server: you can close this page, and its progress and result are here when you
              come back.
            </Alert>
          </Stack>
        </form>
      </Paper>

      {runs.length > 0 ? (
        <Stack gap="sm" component="section" aria-label="Current scrapes">
          {runs.map(({ clientId, runId, run }) =>
            run ? (
              <RunProgressCard key={runId} run={run} onClear={clear} />
            ) : (
              <Paper key={runId} withBorder radius="md" p="md">
                <Group gap="sm">
                  <Loader size="sm" aria-hidden="true" />
                  <Text size="sm">Reading the scrape of {clientId}…</Text>
                </Group>
              </Paper>
            ),
          )}
        </Stack>
      ) : null}

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dsa-recent-runs-heading">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h3" id="dsa-recent-runs-heading">
              Recent runs
            </Title>
            <Text size="sm" c="dimmed">
              The latest {RECENT_RUNS_LIMIT} scrapes of any client, started here or by the schedule.
            </Text>
          </Stack>
          {recent.isError ? (
            <FailureAlert message={`Failed to load recent runs: ${errorMessage(recent.error, recent.error.message)}`} />
          ) : recent.isPending ? (
            <LoadingState label="Loading recent runs" query={recent} size="sm" py="md" />
          ) : recent.data.length === 0 ? (
            <Text fw={600}>No scrape has run yet.</Text>
          ) : (
            // A run followed above is read every second, the list less often: its row shows the fresher reading.
            <RunsTable
              runs={recent.data.map((listed) => runs.find(({ runId }) => runId === listed.id)?.run ?? listed)}
              label="Recent runs"
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}
