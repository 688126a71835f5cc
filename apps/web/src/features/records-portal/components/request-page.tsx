import { Anchor, Group, List, Loader, Stack, Text, Title } from '@mantine/core'
import { PORTAL_PATH } from '@platform/contracts/records-portal'
import { useState } from 'react'
import { Link } from 'react-router'
import { FailureAlert } from '@/components/failure-alert'
import { usePortalTitle } from '../api/use-portal-title'
import { usePortalInfo } from '../api/portal'
import { PortalSection } from './portal-parts'
import classes from './portal.module.css'
import { RequestForm } from './request-form'
import { RequestReceipt, type PortalReceipt } from './request-receipt'

/** /public-records: what the district holds and how to ask, the request form, then its receipt. */
export function RequestPage() {
  usePortalTitle('Ask for public records')
  const info = usePortalInfo()
  const [receipt, setReceipt] = useState<PortalReceipt | null>(null)

  return (
    <Stack gap="lg">
      <Title order={1}>Ask for public records</Title>
      {info.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden="true" />
          <Text role="status">Loading the district&apos;s introduction…</Text>
        </Group>
      ) : null}
      {info.isError ? <FailureAlert title="The district's introduction could not be loaded" error={info.error} /> : null}
      {info.data ? (
        <Text className={classes.breakable} size="lg" data-verbatim>
          {info.data.intro}
        </Text>
      ) : null}
      {receipt ? (
        <RequestReceipt receipt={receipt} onAnother={() => setReceipt(null)} />
      ) : (
        <>
          <PortalSection id="how-to-ask" title="How to ask">
            <List spacing="xs">
              <List.Item>Describe the records: what they are about, which school or office, and which dates.</List.Item>
              <List.Item>Say whether you would like copies sent to you or to look at them in person.</List.Item>
              <List.Item>Give an e-mail or postal address so the district can answer you. Your name is not needed.</List.Item>
            </List>
          </PortalSection>
          <RequestForm maxLength={info.data?.maxDescriptionLength} onReceived={setReceipt} />
        </>
      )}
      <Stack gap="xs" component="nav" aria-label="More about public records">
        <Anchor component={Link} to={`${PORTAL_PATH}/new-link`}>
          Lost your link? Get a new tracking link
        </Anchor>
        {info.data?.archiveEnabled ? (
          <Anchor component={Link} to={`${PORTAL_PATH}/archive`}>
            Browse requests the district has answered
          </Anchor>
        ) : null}
      </Stack>
    </Stack>
  )
}
