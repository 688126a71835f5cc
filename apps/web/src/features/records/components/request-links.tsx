import { Anchor, Button, Group, List, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import type { RequestDetail } from '@platform/contracts/records'
import { useState } from 'react'
import { Link } from 'react-router'
import { errorMessage } from '@/lib/api-client'
import { useFiscalMatches, useLinkFiscal } from '../api/records'
import { Section } from './request-parts'

const KIND_LABELS = { RECEIPT: 'Receipt', ACCRUAL: 'Accrual' } as const

/** The fiscal records the request names (Payment Receipts, Accruals): what to search and what can be attached. */
export function LinksSection({ request }: { request: RequestDetail }) {
  const [looking, setLooking] = useState(false)
  const [typed, setTyped] = useState('')
  const [search] = useDebouncedValue(typed.trim(), 300)
  const matches = useFiscalMatches(request.id, search, looking)
  const link = useLinkFiscal()
  const linked = new Set(request.links.map((entry) => `${entry.kind}-${entry.recordId}`))
  return (
    <Section
      title="Fiscal records"
      actions={
        request.actions.link && !looking ? (
          <Button size="xs" variant="default" onClick={() => setLooking(true)}>
            Find fiscal records
          </Button>
        ) : null
      }
    >
      {request.links.length === 0 ? (
        <Text c="dimmed" size="sm">
          No fiscal records attached.
        </Text>
      ) : null}
      <List size="sm" spacing={4}>
        {request.links.map((entry) => (
          <List.Item key={entry.id}>
            {KIND_LABELS[entry.kind]}{' '}
            <Anchor component={Link} to={entry.href}>
              {entry.label}
            </Anchor>
            {entry.detail ? ` · ${entry.detail}` : ''}
          </List.Item>
        ))}
      </List>
      {looking ? (
        <Stack gap="xs">
          <TextInput
            label="Search fiscal records"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            description="A number, payer, vendor or account."
          />
          {matches.data?.suggestions.length ? (
            <Text size="sm">
              The request names: {matches.data.suggestions.map((suggestion) => `${suggestion.topic} (${suggestion.task})`).join('; ')}
            </Text>
          ) : null}
          {matches.isError ? (
            <Text c="red.8" size="sm">
              {errorMessage(matches.error, 'The fiscal records could not be searched.')}
            </Text>
          ) : null}
          {matches.data && matches.data.matches.length === 0 ? (
            <Text c="dimmed" size="sm">
              No matching fiscal records.
            </Text>
          ) : null}
          <List size="sm" spacing={4}>
            {(matches.data?.matches ?? []).map((match) => (
              <List.Item key={`${match.kind}-${match.recordId}`}>
                <Group gap="xs" wrap="wrap">
                  <Text span size="sm">
                    {KIND_LABELS[match.kind]} {match.label}
                    {match.detail ? ` · ${match.detail}` : ''}
                  </Text>
                  {linked.has(`${match.kind}-${match.recordId}`) ? (
                    <Text span size="xs" c="dimmed">
                      attached
                    </Text>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="default"
                      loading={link.isPending}
                      onClick={() =>
                        void link
                          .mutateAsync({ id: request.id, kind: match.kind, recordId: match.recordId })
                          .then(() => notifications.show({ color: 'teal', message: `${match.label} was attached.` }))
                          .catch((error: unknown) =>
                            notifications.show({ color: 'red', message: errorMessage(error, 'The record could not be attached.') }),
                          )
                      }
                    >
                      Attach
                    </Button>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Section>
  )
}
