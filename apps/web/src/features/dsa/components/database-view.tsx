import { Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { CLIENT_ID_HINT, CLIENT_ID_PATTERN, DSA_PAGE_SIZE } from '@platform/contracts/dsa'
import { ExportCsvButton } from '@/components/data/export-button'
import { useState } from 'react'
import { Pager } from '@/components/data/pager'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { errorMessage } from '@/lib/api-client'
import { usePageOffset } from '@/lib/use-page-offset'
import { exportDsaProjects, useDsaProjects, type DsaSortField, type ProjectFilters as Filters } from '../api/dsa'
import { DEFAULT_SORT, nextSort, type Sort } from '../utils/sort'
import { ProjectFilters, type ProjectFilterValues } from './project-filters'
import { ProjectsTable } from './projects-table'

/** Typing in the text filters asks the server again only after a pause. */
const TYPING_DEBOUNCE_MS = 300

const failureText = (error: unknown) => errorMessage(error, error instanceof Error ? error.message : 'unexpected error')

/** The Database View tab: the stored projects, 50 a page, filtered and sorted on the server, with CSV export. */
export function DatabaseView() {
  const [values, setValues] = useState<ProjectFilterValues>({ clientId: '', status: '', search: '' })
  const [clientId] = useDebouncedValue(values.clientId.trim(), TYPING_DEBOUNCE_MS)
  const [search] = useDebouncedValue(values.search.trim(), TYPING_DEBOUNCE_MS)
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT)
  // The server refuses a malformed client id (400): say why here instead of asking.
  const clientIdValid = clientId === '' || CLIENT_ID_PATTERN.test(clientId)
  const filters: Filters = { clientId, status: values.status, search }
  const [offset, setOffset] = usePageOffset(JSON.stringify([filters, sort]))
  const projects = useDsaProjects(filters, sort, offset, clientIdValid)
  const page = projects.data
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dsa-projects-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h3" id="dsa-projects-heading">
              Projects
            </Title>
            <Text size="sm" c="dimmed">
              Every project stored from the tracker. Click a column heading to sort; open a row to see the tracker&apos;s own fields.
            </Text>
          </Stack>
          <ExportCsvButton download={() => exportDsaProjects(filters)} disabled={!clientIdValid} />
        </Group>

        <ProjectFilters values={values} onChange={setValues} clientIdError={clientIdValid ? null : CLIENT_ID_HINT} />

        {projects.isError ? (
          <FailureAlert
            message={`Failed to load projects: ${failureText(projects.error)}`}
            onRetry={() => void projects.refetch()}
            retrying={projects.isFetching}
          />
        ) : !page ? (
          <LoadingState label="Loading projects" query={projects} />
        ) : page.data.length === 0 ? (
          <Text ta="center" py="xl" fw={600}>
            No projects found
          </Text>
        ) : (
          <ProjectsTable
            projects={page.data}
            sort={sort}
            onSort={(field: DsaSortField) => setSort((current) => nextSort(current, field))}
            busy={projects.isFetching}
          />
        )}

        {page && page.pagination.total > 0 && !projects.isError ? (
          <Pager
            total={page.pagination.total}
            limit={DSA_PAGE_SIZE}
            offset={offset}
            onOffsetChange={setOffset}
            noun="projects"
            disabled={projects.isFetching}
          />
        ) : null}
      </Stack>
    </Paper>
  )
}
