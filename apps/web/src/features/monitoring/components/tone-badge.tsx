import { Badge } from '@mantine/core'
import { labelOf } from '@platform/contracts/labels'
import { adminLabels } from '@platform/contracts/labels/admin'
import type { DomainStatus, Health } from '@platform/contracts/monitoring'
import { domainStatusStyle, healthStyle, stateStyle, type ToneStyle } from '../utils/monitoring'

function ToneBadge({ style, label }: { style: ToneStyle; label: string }) {
  const Icon = style.icon
  return (
    <Badge
      color={style.color}
      autoContrast={style.autoContrast}
      variant="filled"
      tt="none"
      leftSection={<Icon size={12} aria-hidden="true" />}
      data-tone={style.tone}
    >
      {label}
    </Badge>
  )
}

/** A server's state with its colour and icon, in words ('Shut down' for SHUTDOWN). */
export function ServerStateBadge({ state }: { state: string }) {
  return <ToneBadge style={stateStyle(state)} label={labelOf(adminLabels.serverState, state.toUpperCase())} />
}

/** OK, WARN, FAILED or CRITICAL (the history stores it as text); an em dash when the health is not known. */
export function HealthBadge({ health }: { health: Health | string | null }) {
  if (!health) return <span>—</span>
  return <ToneBadge style={healthStyle(health)} label={labelOf(adminLabels.serverHealth, health.toUpperCase())} />
}

/** ONLINE, UNREACHABLE or ERROR. */
export function DomainStatusBadge({ status }: { status: DomainStatus['status'] }) {
  return <ToneBadge style={domainStatusStyle(status)} label={labelOf(adminLabels.domainStatus, status)} />
}
