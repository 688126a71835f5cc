import { Stack, Tabs, Text, Title } from '@mantine/core'
import { Activity, FileText, Mail } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useMailHealth } from '../api/email'
import { MailHealth } from './mail-health'
import { MailLog } from './mail-log'
import { MailTemplates } from './mail-templates'
import { OutboxBanner } from './outbox-banner'

const TABS = ['log', 'templates', 'health'] as const
type Tab = (typeof TABS)[number]

/** Email Administration: the mail log, the templates and the mail health, at /admin/email and /apps/email-admin. */
export function EmailAdministration() {
  useDocumentTitle('Email Administration')
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = searchParams.get('tab')
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'log'
  const health = useMailHealth()

  const onTabChange = (value: string | null) => {
    if (!value || value === tab) return
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params)
        if (value === 'log') next.delete('tab')
        else next.set('tab', value)
        return next
      },
      { replace: true },
    )
  }

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>Email Administration</Title>
        <Text c="dimmed">The platform's outgoing mail: what was sent, what failed and why, the message texts and the mail server.</Text>
      </Stack>

      {health.data?.mode === 'outbox' ? <OutboxBanner /> : null}

      <Tabs value={tab} onChange={onTabChange}>
        <Tabs.List aria-label="Email Administration sections">
          <Tabs.Tab value="log" leftSection={<Mail size={16} aria-hidden="true" />}>
            Mail log
          </Tabs.Tab>
          <Tabs.Tab value="templates" leftSection={<FileText size={16} aria-hidden="true" />}>
            Templates
          </Tabs.Tab>
          <Tabs.Tab value="health" leftSection={<Activity size={16} aria-hidden="true" />}>
            Mail health
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="log" pt="md">
          <MailLog />
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <MailTemplates />
        </Tabs.Panel>
        <Tabs.Panel value="health" pt="md">
          <MailHealth />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
