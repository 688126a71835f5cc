import { Fieldset, MultiSelect, SimpleGrid, Text } from '@mantine/core'
import { DUTIES_BY_APP, type Site, isFiscalApp } from '@platform/contracts/finance'
import type { MetaApplication } from '@platform/contracts/users'
import { type DutyFormValue, withDuty } from '../utils/user-form'

const ALL_SITES = 'all'
const dutyLabel = (duty: string) => duty.charAt(0) + duty.slice(1).toLowerCase().replace(/_/g, ' ')

export interface DutiesFieldsProps {
  apps: readonly MetaApplication[]
  grantedAppIds: readonly number[]
  sites: readonly Site[]
  duties: readonly DutyFormValue[]
  onChange: (duties: DutyFormValue[]) => void
  disabled?: boolean
}

/**
 * Duties beside each granted fiscal application: per duty, the sites where the person holds it, or
 * all sites. Nobody may be COUNTER and COLLECTOR at one site; the server says so when the form is saved.
 */
export function DutiesFields({ apps, grantedAppIds, sites, duties, onChange, disabled }: DutiesFieldsProps) {
  const fiscal = apps.filter((app) => isFiscalApp(app.app_code) && grantedAppIds.includes(app.app_id))
  if (fiscal.length === 0) return null
  const siteOptions = [
    { value: ALL_SITES, label: 'All sites' },
    ...sites.map((site) => ({ value: String(site.id), label: `${site.code} · ${site.name}${site.active ? '' : ' (inactive)'}` })),
  ]
  return (
    <>
      {fiscal.map((app) => (
        <Fieldset key={app.app_id} legend={`Duties in ${app.app_name}`} disabled={disabled}>
          {sites.length === 0 ? (
            <Text size="sm" c="dimmed" mb="xs">
              No sites yet: add them under Administration, Sites, to grant duties at particular sites.
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {DUTIES_BY_APP[app.app_code as keyof typeof DUTIES_BY_APP].map((duty) => {
              const held = duties.find((candidate) => candidate.appId === app.app_id && candidate.duty === duty)
              const value = !held ? [] : held.siteIds === null ? [ALL_SITES] : held.siteIds.map(String)
              return (
                <MultiSelect
                  key={duty}
                  label={dutyLabel(duty)}
                  placeholder={value.length === 0 ? 'Not held' : undefined}
                  data={siteOptions}
                  value={value}
                  clearable
                  searchable
                  comboboxProps={{ withinPortal: true }}
                  onChange={(next) => {
                    // Choosing 'All sites' replaces the list; choosing a site after it narrows it again.
                    const all = next.includes(ALL_SITES) && !value.includes(ALL_SITES)
                    const ids = next.filter((entry) => entry !== ALL_SITES).map(Number)
                    onChange(withDuty(duties, app.app_id, duty, all ? null : next.length === 0 ? [] : ids.length === 0 ? null : ids))
                  }}
                />
              )
            })}
          </SimpleGrid>
        </Fieldset>
      ))}
    </>
  )
}
