import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { PORTAL_PATH, TrackingInputSchema, type TrackingInput } from '@platform/contracts/records-portal'
import { useMemo } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import { FailureAlert } from '@/components/failure-alert'
import { ApiError } from '@/lib/api-client'
import { formMessage } from '@/lib/schema-errors'
import { usePortalTitle } from '../api/use-portal-title'
import { useTracking } from '../api/portal'
import { TrackingDetails } from './tracking-details'

/**
 * The link's request number and secret. The secret is the address's fragment, which browsers never send to a server;
 * it is read here and sent only in request bodies. The fragment stays in the address so the page can be reloaded.
 */
function useTrackingLink(): { link: TrackingInput | null; problem: string | null } {
  const { number = '' } = useParams()
  const { hash } = useLocation()
  return useMemo(() => {
    const parsed = TrackingInputSchema.safeParse({ number, token: hash.replace(/^#/, '') })
    if (parsed.success) return { link: parsed.data, problem: null }
    return { link: null, problem: formMessage(parsed.error.issues[0]?.message ?? 'This tracking link is not complete.') }
  }, [number, hash])
}

/** The way out of a link that does not work (the server's sentence above it says why). */
function NewLinkOffer() {
  return (
    <Anchor component={Link} to={`${PORTAL_PATH}/new-link`} size="sm">
      Get a new tracking link
    </Anchor>
  )
}

/** /public-records/track/:number#<secret>: the request as its requester follows it. */
export function TrackingPage() {
  const { link, problem } = useTrackingLink()
  const tracking = useTracking(link)
  const number = tracking.data?.number ?? link?.number
  usePortalTitle(number ? `Request ${number}` : 'Follow your request')
  const invalid = tracking.error instanceof ApiError && tracking.error.status === 404

  return (
    <Stack gap="lg">
      <Title order={1}>
        {number ? (
          <>
            Your request <span style={{ whiteSpace: 'nowrap' }}>{number}</span>
          </>
        ) : (
          'Follow your request'
        )}
      </Title>
      {problem ? (
        <FailureAlert title="This tracking link does not work" message={problem}>
          <NewLinkOffer />
        </FailureAlert>
      ) : null}
      {link && tracking.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden="true" />
          <Text role="status">Loading your request…</Text>
        </Group>
      ) : null}
      {tracking.isError ? (
        invalid ? (
          <FailureAlert title="This tracking link does not work" error={tracking.error}>
            <NewLinkOffer />
          </FailureAlert>
        ) : (
          <FailureAlert
            title="Your request could not be loaded"
            error={tracking.error}
            onRetry={() => void tracking.refetch()}
            retrying={tracking.isFetching}
          />
        )
      ) : null}
      {link && tracking.data ? <TrackingDetails link={link} view={tracking.data} /> : null}
    </Stack>
  )
}
