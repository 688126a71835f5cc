import { ActionIcon, Badge, Code, ColorSwatch, Group, Stack, Table, Text, Tooltip } from '@mantine/core'
import type { Application } from '@platform/contracts/applications'
import { Check, Pencil, Trash2, X } from 'lucide-react'
import { labelOf } from '@platform/contracts/labels'
import { adminLabels } from '@platform/contracts/labels/admin'
import { AppIcon } from '@/components/app-icon'
import { formatCount } from '@/lib/format'
import type { ApplicationDraft, ApplicationDraftErrors } from '../utils/application-form'
import {
  CategorySelect,
  ColourInput,
  DescriptionInput,
  FlagSwitch,
  IconSelect,
  NameInput,
  OrderInput,
  UrlInput,
} from './application-fields'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'

export interface ApplicationTableProps {
  applications: readonly Application[]
  /** The row being edited inline, its draft and errors. */
  editing: { appId: number; draft: ApplicationDraft; errors: ApplicationDraftErrors } | null
  saving: boolean
  onEdit: (app: Application) => void
  onDraftChange: <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => void
  onSave: () => void
  onCancel: () => void
  onDelete: (app: Application) => void
}

function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return value ? (
    <Badge color="teal.9" variant="filled" tt="none">
      {yes}
    </Badge>
  ) : (
    <Badge color="gray.7" variant="outline" tt="none">
      {no}
    </Badge>
  )
}

function ViewRow({ app, onEdit, onDelete, disabled }: { app: Application; onEdit: () => void; onDelete: () => void; disabled: boolean }) {
  return (
    <Table.Tr>
      <Table.Td>
        <AppIcon name={app.app_icon} size={20} color={app.app_color || undefined} />
        <span className="visually-hidden">{app.app_icon}</span>
      </Table.Td>
      <Table.Td>
        <Text fw={600} size="sm">
          {app.app_name}
        </Text>
        {app.app_description ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {app.app_description}
          </Text>
        ) : null}
        {app.app_url ? (
          <Text size="xs" c="dimmed">
            {app.app_url}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Code>{app.app_code}</Code>
      </Table.Td>
      <Table.Td>{labelOf(adminLabels.applicationCategory, app.category)}</Table.Td>
      <Table.Td>{app.display_order}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <ColorSwatch color={app.app_color} size={18} aria-hidden="true" />
          <Text size="xs" ff="monospace">
            {app.app_color}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <YesNo value={app.admin_only === 1} yes="Admin only" no="Everyone" />
      </Table.Td>
      <Table.Td>
        <YesNo value={app.is_active === 1} yes="Active" no="Inactive" />
      </Table.Td>
      <Table.Td>{formatCount(app.user_count)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit" withArrow>
            <ActionIcon variant="subtle" color="blue.8" aria-label={`Edit ${app.app_name}`} onClick={onEdit} disabled={disabled}>
              <Pencil size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" withArrow>
            <ActionIcon variant="subtle" color="red.8" aria-label={`Delete ${app.app_name}`} onClick={onDelete} disabled={disabled}>
              <Trash2 size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}

function EditRow({
  app,
  editing,
  saving,
  onDraftChange,
  onSave,
  onCancel,
}: { app: Application } & Pick<ApplicationTableProps, 'saving' | 'onDraftChange' | 'onSave' | 'onCancel'> & {
    editing: NonNullable<ApplicationTableProps['editing']>
  }) {
  const props = { draft: editing.draft, errors: editing.errors, onChange: onDraftChange, compact: true, labelSuffix: app.app_name }
  return (
    <Table.Tr
      bg="blue.0"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel()
      }}
    >
      <Table.Td>
        <IconSelect {...props} />
      </Table.Td>
      <Table.Td>
        <Stack gap={4} miw={220}>
          <NameInput {...props} />
          <UrlInput {...props} />
          <DescriptionInput {...props} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <Code>{app.app_code}</Code>
        <Text size="xs" c="dimmed">
          not editable
        </Text>
      </Table.Td>
      <Table.Td>
        <CategorySelect {...props} />
      </Table.Td>
      <Table.Td>
        <OrderInput {...props} />
      </Table.Td>
      <Table.Td>
        <ColourInput {...props} />
      </Table.Td>
      <Table.Td>
        <FlagSwitch {...props} field="admin_only" text="Admin only" />
      </Table.Td>
      <Table.Td>
        <FlagSwitch {...props} field="is_active" text="Active" />
      </Table.Td>
      <Table.Td>{formatCount(app.user_count)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Save" withArrow>
            <ActionIcon variant="filled" color="blue.8" aria-label={`Save ${app.app_name}`} onClick={onSave} loading={saving}>
              <Check size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Cancel" withArrow>
            <ActionIcon variant="default" aria-label={`Cancel editing ${app.app_name}`} onClick={onCancel} disabled={saving}>
              <X size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}

/** Every application, with inline edit (one row at a time) and delete. */
export function ApplicationTable(props: ApplicationTableProps) {
  const { applications, editing, onEdit, onDelete } = props
  return (
    <ScrollTable minWidth={1000} label="Applications" cardsOnPhone>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Applications">
        <TableHeader
          columns={['Icon', 'Name', 'Code', 'Category', 'Order', 'Colour', 'Admin only', 'Active', 'Granted users', 'Actions']}
        />
        <Table.Tbody>
          {applications.map((app) =>
            editing?.appId === app.app_id ? (
              <EditRow key={app.app_id} {...props} app={app} editing={editing} />
            ) : (
              <ViewRow key={app.app_id} app={app} onEdit={() => onEdit(app)} onDelete={() => onDelete(app)} disabled={editing !== null} />
            ),
          )}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
