import { Stack, Tabs } from '@mantine/core'
import type { Dataset } from '@platform/contracts/reports'
import type { ReactNode } from 'react'
import { CalculationsTab } from './calculations-tab'
import { ChartTab } from './chart-tab'
import { ColumnsTab } from './columns-tab'
import { DataTab } from './data-tab'
import type { EditorProps } from './editor-props'
import { FiltersTab } from './filters-tab'
import { FormattingTab } from './formatting-tab'
import { GroupsTab } from './groups-tab'
import { PageSetupTab } from './page-setup-tab'
import { ParametersTab } from './parameters-tab'

const TABS = [
  { value: 'data', label: 'Data', Editor: null },
  { value: 'parameters', label: 'Parameters', Editor: ParametersTab },
  { value: 'filters', label: 'Filters', Editor: FiltersTab },
  { value: 'columns', label: 'Columns', Editor: ColumnsTab },
  { value: 'groups', label: 'Groups and totals', Editor: GroupsTab },
  { value: 'calculations', label: 'Calculations', Editor: CalculationsTab },
  { value: 'formatting', label: 'Formatting', Editor: FormattingTab },
  { value: 'chart', label: 'Chart', Editor: ChartTab },
  { value: 'page', label: 'Page setup', Editor: PageSetupTab },
] as const

export type DesignerTab = (typeof TABS)[number]['value']

export interface DesignerTabsProps {
  tab: DesignerTab
  onTabChange: (tab: DesignerTab) => void
  editorProps: EditorProps
  datasets: readonly Dataset[]
  /** The saved report's name and description, at the top of Page setup (a new report is named when first saved). */
  reportDetails: ReactNode
  /** Why the draft cannot be saved yet for want of a dataset, shown under the Dataset field. */
  datasetError?: string | null
}

/** The tabs that edit the draft; only the open one is mounted. */
export function DesignerTabs({ tab, onTabChange, editorProps, datasets, reportDetails, datasetError }: DesignerTabsProps) {
  return (
    <Tabs value={tab} onChange={(value) => onTabChange((value ?? 'data') as DesignerTab)} keepMounted={false}>
      <Tabs.List aria-label="Report design">
        {TABS.map(({ value, label }) => (
          <Tabs.Tab key={value} value={value}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map(({ value, Editor }) => (
        <Tabs.Panel key={value} value={value} pt="md">
          {value === 'page' && reportDetails ? (
            <Stack gap="xl">
              {reportDetails}
              <PageSetupTab {...editorProps} />
            </Stack>
          ) : Editor ? (
            <Editor {...editorProps} />
          ) : (
            <DataTab {...editorProps} datasets={datasets} datasetError={datasetError} />
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  )
}
