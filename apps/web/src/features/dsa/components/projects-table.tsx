import { Anchor, Table, Text } from '@mantine/core'
import type { DsaProject } from '@platform/contracts/dsa'
import { dsaLabels } from '@platform/contracts/labels/dsa'
import { Fragment, useState } from 'react'
import { formatDateTime } from '@/lib/format'
import type { DsaSortField, ProjectSort } from '../api/dsa'
import { defaultClientLabel } from '../utils/client-id'
import { costSourceLabel, formatUsd } from '../utils/money'
import { safeProjectLink } from '../utils/project-link'
import { ProjectDetails } from './project-details'
import { SortableHeader } from './sortable-header'
import { FreshnessBadge, ProjectStatusBadge } from './status-badges'
import { ONE_LINE } from '@/components/data/one-line'
import { RowToggle } from '@/components/data/row-toggle'
import { ScrollTable } from '@/components/data/scroll-table'

const COLUMNS = 7

function ProjectNumber({ project }: { project: DsaProject }) {
  const link = safeProjectLink(project.projectLink)
  if (!link)
    return (
      <Text size="sm" style={ONE_LINE} data-testid="project-number">
        {project.projectNumber}
      </Text>
    )
  return (
    <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" fw={600} style={ONE_LINE} data-testid="project-number">
      {project.projectNumber}
      <span className="visually-hidden"> (opens the tracker in a new tab)</span>
    </Anchor>
  )
}

function ProjectRow({ project }: { project: DsaProject }) {
  const [open, setOpen] = useState(false)
  const panelId = `dsa-project-${project.id}`
  const source = costSourceLabel(project.costSource)
  const clientLabel = defaultClientLabel(project.clientId)
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>
          <RowToggle
            label={`Tracker fields of ${project.projectNumber}`}
            open={open}
            panelId={panelId}
            onToggle={() => setOpen((value) => !value)}
          />
        </Table.Td>
        <Table.Td>
          <ProjectNumber project={project} />
        </Table.Td>
        <Table.Td miw={220}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {project.projectName}
          </Text>
          {/* The type under the name rather than in a column of its own: the names get the room to stay short. */}
          {project.projectType ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {project.projectType}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {project.clientId}
          </Text>
          {clientLabel ? (
            <Text size="xs" c="dimmed">
              {clientLabel}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td>
          <ProjectStatusBadge status={project.projectStatus} />
        </Table.Td>
        <Table.Td ta="right">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatUsd(project.constructionCost)}
          </Text>
          {project.constructionCost !== null && source ? (
            <Text size="xs" c="dimmed">
              {source}
            </Text>
          ) : null}
        </Table.Td>
        {/* When the tracker last confirmed it, and whether that is recent: one column, so the table fits a laptop. */}
        <Table.Td miw={120}>
          <Text size="sm">{formatDateTime(project.scrapedAt)}</Text>
          <FreshnessBadge freshness={project.dataFreshness} />
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr id={panelId}>
          <Table.Td />
          <Table.Td colSpan={COLUMNS - 1}>
            <ProjectDetails project={project} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  )
}

export interface ProjectsTableProps {
  projects: readonly DsaProject[]
  sort: ProjectSort
  onSort: (field: DsaSortField) => void
  busy: boolean
}

/** One page of projects; a row opens to show the tracker's own fields. */
export function ProjectsTable({ projects, sort, onSort, busy }: ProjectsTableProps) {
  return (
    <ScrollTable minWidth={900} label="DSA projects" cardsOnPhone>
      <Table striped verticalSpacing="xs" aria-label="DSA projects" aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <span className="visually-hidden">Details</span>
            </Table.Th>
            <SortableHeader field="projectNumber" label="Project number" sort={sort} onSort={onSort} />
            <SortableHeader field="projectName" label="Name" sort={sort} onSort={onSort} />
            <SortableHeader field="clientId" label="Client" sort={sort} onSort={onSort} />
            <SortableHeader field="projectStatus" label="Status" sort={sort} onSort={onSort} />
            <SortableHeader field="constructionCost" label="Construction cost" sort={sort} onSort={onSort} align="right" />
            <SortableHeader field="scrapedAt" label={dsaLabels.field.scrapedAt} sort={sort} onSort={onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((project) => (
            <ProjectRow key={project.id} project={project} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
