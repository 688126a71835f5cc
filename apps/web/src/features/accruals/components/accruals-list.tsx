import { Paper, Select, Stack, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { ACCRUAL_STATES, ACCRUAL_TYPES } from '@platform/contracts/accruals'
import { useState } from 'react'
import { FilterSelect } from '@/components/data/filter-select'
import { FiltersPanel } from '@/components/data/filters-panel'
import { Pager } from '@/components/data/pager'
import { usePageOffset } from '@/lib/use-page-offset'
import { useSites } from '@/features/finance'
import { useAccruals } from '../api/accruals'
import { STATE_LABELS, TYPE_LABELS } from './accrual-parts'
import { AccrualsTable } from './accruals-table'
import { CycleSelect } from './cycle-select'
import { useCycles } from '../api/accruals'
import { FailureAlert } from '@/components/failure-alert'

const LIMIT = 25

/** A filtered, paged list of requests: `me` (my requests) or `review` (waiting for a step I may take). */
export function AccrualsList({ view, label }: { view: 'me' | 'review'; label: string }) {
  const cycles = useCycles()
  const sites = useSites()
  const [cycleId, setCycleId] = useState<string | null>(null)
  const [siteId, setSiteId] = useState<string | null>(null)
  const [type, setType] = useState<string | null>(null)
  const [state, setState] = useState<string | null>(null)
  const [typed, setTyped] = useState('')
  const [search] = useDebouncedValue(typed.trim(), 300)
  const filters = {
    view,
    cycleId: cycleId ?? undefined,
    siteId: siteId ?? undefined,
    type: type ?? undefined,
    state: state ?? undefined,
    search: search || undefined,
  }
  const [offset, setOffset] = usePageOffset(JSON.stringify(filters))
  const accruals = useAccruals({ ...filters, limit: LIMIT, offset })
  const active = [cycleId, siteId, type, state, search].filter(Boolean).length

  return (
    <Stack gap="md">
      <FiltersPanel label={`Filter ${label.toLowerCase()}`} activeCount={active}>
        <CycleSelect cycles={cycles.data ?? []} value={cycleId} onChange={setCycleId} clearable />
        <Select
          label="Site"
          placeholder="All sites"
          data={(sites.data ?? []).map((site) => ({ value: String(site.id), label: `${site.code} · ${site.name}` }))}
          value={siteId}
          onChange={setSiteId}
          clearable
          w={220}
        />
        <FilterSelect label="Type" values={ACCRUAL_TYPES} labels={TYPE_LABELS} value={type} onChange={setType} w={180} />
        <FilterSelect label="State" values={ACCRUAL_STATES} labels={STATE_LABELS} value={state} onChange={setState} w={200} />
        <TextInput label="Vendor, PO or invoice" value={typed} onChange={(event) => setTyped(event.currentTarget.value)} w={220} />
      </FiltersPanel>
      {accruals.isError ? <FailureAlert title="The requests could not be loaded" error={accruals.error} /> : null}
      <Paper withBorder radius="md">
        <AccrualsTable rows={accruals.data?.data ?? []} label={label} loaded={accruals.isSuccess} />
      </Paper>
      {accruals.data ? (
        <Pager total={accruals.data.pagination.total} limit={LIMIT} offset={offset} onOffsetChange={setOffset} noun="requests" />
      ) : null}
    </Stack>
  )
}
