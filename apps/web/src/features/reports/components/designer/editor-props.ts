import type { Dataset, ReportDefinition } from '@platform/contracts/reports'

/** What every designer tab gets: the draft, its dataset (undefined until one is chosen or when it may not be read) and a setter. */
export interface EditorProps {
  definition: ReportDefinition
  dataset: Dataset | undefined
  onChange: (next: ReportDefinition) => void
}
