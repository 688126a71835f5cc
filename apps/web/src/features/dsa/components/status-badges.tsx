import type { DsaProject, ScrapeRunStatus } from '@platform/contracts/dsa'
import { labelOf } from '@platform/contracts/labels'
import { dsaLabels } from '@platform/contracts/labels/dsa'
import { CircleCheck, History } from 'lucide-react'
import { projectStatusStyle, scrapeLogStatusStyle, type BadgeStyle } from '../utils/status-styles'
import { StyledBadge } from './styled-badge'

/** A project's derived status in its colour. */
export function ProjectStatusBadge({ status }: { status: string }) {
  return <StyledBadge style={projectStatusStyle(status)} label={labelOf(dsaLabels.projectStatus, status)} />
}

/** A scrape log's status: Success, Failed, Partly done or Running. */
export function ScrapeLogStatusBadge({ status }: { status: ScrapeRunStatus }) {
  return <StyledBadge style={scrapeLogStatusStyle(status)} label={dsaLabels.runStatus[status]} />
}

const FRESHNESS_STYLES: Record<DsaProject['dataFreshness'], BadgeStyle> = {
  FRESH: { color: 'teal.9', autoContrast: false, icon: CircleCheck },
  STALE: { color: 'gray.7', autoContrast: false, icon: History },
}

/** Fresh or Stale, drawn quieter (outlined) than the status so a row's status stands out. */
export function FreshnessBadge({ freshness }: { freshness: DsaProject['dataFreshness'] }) {
  return <StyledBadge style={FRESHNESS_STYLES[freshness]} label={dsaLabels.freshness[freshness]} variant="outline" />
}
