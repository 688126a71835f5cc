import { Alert, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { PortalReceiptSchema } from '@platform/contracts/records-portal'
import { MAX_EXTENSION_DAYS, dayInWords } from '@platform/contracts/records-clock'
import { CheckCircle } from 'lucide-react'
import { Link } from 'react-router'
import type { z } from 'zod'
import { useFocusOnMount } from '@/lib/use-focus-on-mount'
import { Fact } from './portal-parts'
import classes from './portal.module.css'

export type PortalReceipt = z.infer<typeof PortalReceiptSchema>

/** The tracking link as a place in this web app: its path and its fragment (the secret, which stays in the browser). */
export function trackingTarget(trackingUrl: string): { pathname: string; hash: string } {
  const url = new URL(trackingUrl, window.location.origin)
  return { pathname: url.pathname, hash: url.hash }
}

/** What the requester is told once the request is recorded; the heading takes the focus so it is read out first. */
export function RequestReceipt({ receipt, onAnother }: { receipt: PortalReceipt; onAnother: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>()
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="receipt-title">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="center">
          <CheckCircle size={24} aria-hidden="true" color="var(--mantine-color-teal-8)" />
          <Title order={2} id="receipt-title" ref={heading} tabIndex={-1}>
            Your request was received
          </Title>
        </Group>
        <Stack gap="sm">
          <Fact label="Request number">
            <Text fw={700} size="lg" ff="monospace">
              {receipt.number}
            </Text>
          </Fact>
          <Fact label="Received">{dayInWords(receipt.receivedOn)}</Fact>
          <Fact label="The district's time to answer counts from">{dayInWords(receipt.countedFrom)}</Fact>
          <Fact label="The district answers by">{receipt.dueInWords}</Fact>
        </Stack>
        <Text>
          By that day the district tells you whether it holds records it can give you, or why it needs up to {MAX_EXTENSION_DAYS} more days.
        </Text>
        {receipt.emailed ? (
          <Alert color="blue" variant="light" title="We e-mailed you a private link">
            The e-mail has your request number and a link to follow your request, read the district&apos;s letters and write to the
            district. Keep it: anyone with the link can see your request.
          </Alert>
        ) : (
          <Alert color="yellow" variant="light" title="Keep this link to follow your request">
            <Stack gap="xs">
              <Text size="sm">
                You gave no e-mail address, so this page is the only place the link is shown. Copy it or bookmark the tracking page: anyone
                with the link can see your request.
              </Text>
              <Code block className={classes.breakable}>
                {receipt.trackingUrl}
              </Code>
            </Stack>
          </Alert>
        )}
        <Group gap="sm">
          <Button component={Link} to={trackingTarget(receipt.trackingUrl)}>
            Open the tracking page
          </Button>
          <Button variant="default" onClick={onAnother}>
            Ask for other records
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
