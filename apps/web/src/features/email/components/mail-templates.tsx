import { Badge, Grid, NavLink, Paper, Stack, Text, Title } from '@mantine/core'
import type { MailKind, MailTemplate } from '@platform/contracts/email'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { useMailTemplates } from '../api/email'
import { TemplateEditor } from './template-editor'

function TemplateBadge({ template }: { template: MailTemplate }) {
  return template.is_default ? (
    <Badge color="gray.7" variant="outline" tt="none">
      Default
    </Badge>
  ) : (
    <Badge color="indigo.9" variant="filled" tt="none">
      Customised
    </Badge>
  )
}

/** The templates of every kind of message: a list, and an editor for the one selected. */
export function MailTemplates() {
  const templates = useMailTemplates()
  const [selectedKind, setSelectedKind] = useState<MailKind | null>(null)
  const [dirty, setDirty] = useState(false)
  const [pendingKind, setPendingKind] = useState<MailKind | null>(null)

  if (templates.isError) {
    return <FailureAlert message={`Failed to load the templates: ${errorMessage(templates.error)}`} />
  }
  if (templates.isPending) {
    return <LoadingState label="Loading the templates" query={templates} />
  }

  const list = templates.data
  const selected = list.find((template) => template.kind === selectedKind) ?? list[0] ?? null

  const choose = (kind: MailKind) => {
    if (kind === selected?.kind) return
    if (dirty) setPendingKind(kind)
    else setSelectedKind(kind)
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <Paper withBorder radius="md" p="xs" component="nav" aria-label="Message templates">
          <Stack gap={2}>
            {list.map((template) => (
              <NavLink
                key={template.kind}
                component="button"
                type="button"
                active={template.kind === selected?.kind}
                aria-current={template.kind === selected?.kind ? 'true' : undefined}
                label={
                  <Text size="sm" fw={600}>
                    {template.label}
                  </Text>
                }
                description={template.updated_at ? `Updated ${formatDateTime(template.updated_at)}` : 'Never changed'}
                rightSection={<TemplateBadge template={template} />}
                onClick={() => choose(template.kind)}
                // The active item's description would otherwise be a pale blue (too little contrast).
                styles={{ description: { color: 'var(--mantine-color-gray-8)', opacity: 1 } }}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            ))}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        {selected ? (
          <TemplateEditor key={selected.kind} template={selected} onDirtyChange={setDirty} />
        ) : (
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h4">
              No templates
            </Title>
            <Text c="dimmed">The server offers no message templates.</Text>
          </Paper>
        )}
      </Grid.Col>

      <ConfirmDialog
        opened={pendingKind !== null}
        title="Unsaved changes"
        message={`You have unsaved changes to ${selected?.label ?? 'this template'}. Discard them?`}
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        danger
        onConfirm={() => {
          setSelectedKind(pendingKind)
          setPendingKind(null)
          setDirty(false)
        }}
        onCancel={() => setPendingKind(null)}
      />
    </Grid>
  )
}
