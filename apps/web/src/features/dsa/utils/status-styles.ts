import type { DsaStatus, ScrapeRunStatus } from '@platform/contracts/dsa'
import { CheckCircle, CircleDashed, Clock, Flag, Loader, Search, TriangleAlert, XCircle, type LucideIcon } from 'lucide-react'

/**
 * How a status badge is drawn: a Mantine colour for a filled badge and an icon, so the colour is never the only signal.
 * The shades keep WCAG AA contrast with the badge text (white text from shade 7 up; the light yellow and orange get
 * Mantine's automatic dark text). Green is teal.9, as on the other screens: green.9 with white text is below 4.5:1.
 */
export interface BadgeStyle {
  color: string
  autoContrast: boolean
  icon: LucideIcon
}

const PROJECT_STATUS_STYLES: Record<DsaStatus, BadgeStyle> = {
  APPROVED: { color: 'teal.9', autoContrast: false, icon: CheckCircle },
  PENDING: { color: 'yellow.4', autoContrast: true, icon: Clock },
  'IN REVIEW': { color: 'blue.8', autoContrast: false, icon: Search },
  REJECTED: { color: 'red.9', autoContrast: false, icon: XCircle },
  COMPLETED: { color: 'gray.7', autoContrast: false, icon: Flag },
}

const UNKNOWN_STYLE: BadgeStyle = { color: 'gray.3', autoContrast: true, icon: CircleDashed }

/** A project's status colour (APPROVED green, PENDING yellow, IN REVIEW blue, REJECTED red, COMPLETED grey). */
export function projectStatusStyle(status: string): BadgeStyle {
  return PROJECT_STATUS_STYLES[status as DsaStatus] ?? UNKNOWN_STYLE
}

const RUN_STATUS_STYLES: Record<ScrapeRunStatus, BadgeStyle> = {
  SUCCESS: { color: 'teal.9', autoContrast: false, icon: CheckCircle },
  FAILED: { color: 'red.9', autoContrast: false, icon: XCircle },
  PARTIAL: { color: 'orange.4', autoContrast: true, icon: TriangleAlert },
  RUNNING: { color: 'blue.8', autoContrast: false, icon: Loader },
}

/** A scrape log's status colour: SUCCESS green, FAILED red, PARTIAL orange, RUNNING blue. */
export function scrapeLogStatusStyle(status: ScrapeRunStatus): BadgeStyle {
  return RUN_STATUS_STYLES[status]
}

/** The chart colour of a status slice: the badge colour, so the chart and the badges agree. */
export function projectStatusChartColor(status: string): string {
  return projectStatusStyle(status).color
}
