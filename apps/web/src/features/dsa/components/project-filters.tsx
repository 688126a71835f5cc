import { Autocomplete, NativeSelect, TextInput } from '@mantine/core'
import { dsaLabels } from '@platform/contracts/labels/dsa'
import { DEFAULT_DSA_CLIENTS, DSA_STATUSES, type DsaStatus } from '@platform/contracts/dsa'
import { Search } from 'lucide-react'
import { FiltersPanel } from '@/components/data/filters-panel'

export interface ProjectFilterValues {
  clientId: string
  status: DsaStatus | ''
  search: string
}

export interface ProjectFiltersProps {
  values: ProjectFilterValues
  onChange: (values: ProjectFilterValues) => void
  clientIdError: string | null
}

const CLIENT_SUGGESTIONS = DEFAULT_DSA_CLIENTS.map((client) => client.clientId)

/** Client, status and free-text filters of the Database View (applied on the server). */
export function ProjectFilters({ values, onChange, clientIdError }: ProjectFiltersProps) {
  return (
    <FiltersPanel
      label="Filter projects"
      activeCount={[values.clientId, values.status, values.search].filter(Boolean).length}
      align="flex-start"
    >
      <Autocomplete
        label="Client ID"
        description="A default client or any other id"
        placeholder="All clients"
        data={CLIENT_SUGGESTIONS}
        value={values.clientId}
        onChange={(clientId) => onChange({ ...values, clientId })}
        error={clientIdError}
        maxLength={60}
        w={220}
      />
      <NativeSelect
        label="Status"
        description="The status derived from the tracker"
        value={values.status}
        onChange={(event) => onChange({ ...values, status: event.currentTarget.value as DsaStatus | '' })}
        data={[
          { value: '', label: 'All statuses' },
          ...DSA_STATUSES.map((status) => ({ value: status, label: dsaLabels.projectStatus[status] })),
        ]}
      />
      <TextInput
        label="Search"
        description="Name, number, city or type"
        placeholder="Search projects…"
        type="search"
        leftSection={<Search size={16} aria-hidden="true" />}
        value={values.search}
        onChange={(event) => onChange({ ...values, search: event.currentTarget.value })}
        maxLength={200}
        style={{ flex: '1 1 240px' }}
      />
    </FiltersPanel>
  )
}
