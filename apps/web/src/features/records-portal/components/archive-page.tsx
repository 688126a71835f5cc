import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { dayInWords } from '@platform/contracts/records-clock'
import { PORTAL_PATH, type ArchiveEntry } from '@platform/contracts/records-portal'
import { recordsLabels } from '@platform/contracts/labels/records'
import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Pager } from '@/components/data/pager'
import { FailureAlert } from '@/components/failure-alert'
import { ApiError } from '@/lib/api-client'
import { usePortalTitle } from '../api/use-portal-title'
import { ARCHIVE_PAGE_SIZE, useArchive } from '../api/portal'
import classes from './portal.module.css'

/** The server's refusal while the district publishes no archive: said in its own words, not as a fault. */
export function ArchiveOff({ error }: { error: unknown }) {
  return (
    <Alert color="blue" variant="light" role="status" title="No public archive">
      <Stack gap="xs">
        <Text size="sm">{error instanceof ApiError ? error.message : 'The district does not publish an archive.'}</Text>
        <Anchor component={Link} to={PORTAL_PATH} size="sm">
          Ask for public records
        </Anchor>
      </Stack>
    </Alert>
  )
}

export const isArchiveOff = (error: unknown) => error instanceof ApiError && error.code === 'archive_off'

export const entryPath = (number: string) => `${PORTAL_PATH}/archive/${number}`

function EntryCard({ entry }: { entry: ArchiveEntry }) {
  // The outcome's name, not its sentence: that one speaks to the requester ("your request"), and anyone reads the archive.
  const outcome = entry.outcome ? recordsLabels.outcome[entry.outcome] : null
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Stack gap={4}>
        <Anchor component={Link} to={entryPath(entry.number)} fw={700} ff="monospace">
          {entry.number}
        </Anchor>
        <Text lineClamp={4} className={classes.breakable} data-verbatim>
          {entry.summary}
        </Text>
        <Text size="sm" c="gray.7">
          Received {dayInWords(entry.receivedOn)} · closed {dayInWords(entry.closedOn)}
          {outcome ? ` · ${outcome}` : ''}
          {entry.documents.length > 0
            ? ` · ${entry.documents.length === 1 ? '1 released document' : `${entry.documents.length} released documents`}`
            : ''}
        </Text>
      </Stack>
    </Paper>
  )
}

/** /public-records/archive: the closed requests the district publishes, searchable, without anyone's name or contact. */
export function ArchivePage() {
  usePortalTitle('Archive of requests')
  const [params, setParams] = useSearchParams()
  const search = params.get('search') ?? ''
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0)
  const [typed, setTyped] = useState(search)
  const archive = useArchive(search, offset)
  const go = (nextSearch: string, nextOffset: number) => {
    const next = new URLSearchParams()
    if (nextSearch) next.set('search', nextSearch)
    if (nextOffset) next.set('offset', String(nextOffset))
    setParams(next)
  }
  const onSearch = (event: FormEvent) => {
    event.preventDefault()
    go(typed.trim(), 0)
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Public records archive</Title>
      {archive.isError && isArchiveOff(archive.error) ? (
        <ArchiveOff error={archive.error} />
      ) : (
        <>
          <Text>
            Requests the district has answered and closed, with what was asked in the district&apos;s words, the outcome and the records
            released. No requester&apos;s name or contact is published.
          </Text>
          <Group component="form" role="search" onSubmit={onSearch} align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Search the archive"
              description="Words from the summary, or a request number."
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              maw={420}
              w="100%"
            />
            <Button type="submit">Search</Button>
          </Group>
          {archive.isPending ? (
            <Group gap="xs">
              <Loader size="sm" aria-hidden="true" />
              <Text role="status">Loading the archive…</Text>
            </Group>
          ) : null}
          {archive.isError ? (
            <FailureAlert
              title="The archive could not be loaded"
              error={archive.error}
              onRetry={() => void archive.refetch()}
              retrying={archive.isFetching}
            />
          ) : null}
          {archive.data ? (
            <>
              {archive.data.data.length === 0 ? (
                <Text role="status">{search ? `No published request matches “${search}”.` : 'No request has been published yet.'}</Text>
              ) : (
                <Stack component="ul" gap="sm" m={0} p={0} className={classes.plainList} aria-label="Published requests">
                  {archive.data.data.map((entry) => (
                    <EntryCard key={entry.number} entry={entry} />
                  ))}
                </Stack>
              )}
              <Pager
                total={archive.data.pagination.total}
                limit={ARCHIVE_PAGE_SIZE}
                offset={offset}
                onOffsetChange={(next) => go(search, next)}
                noun="requests"
                disabled={archive.isFetching}
              />
            </>
          ) : null}
        </>
      )}
    </Stack>
  )
}
