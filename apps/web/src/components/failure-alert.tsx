import { Alert, Button, Group, Text } from '@mantine/core'
import { AlertCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { errorMessage } from '@/lib/api-client'

export interface FailureAlertProps {
  /** What did not happen, e.g. "The requests could not be loaded". */
  title?: string
  /** The failed call: its server's own words are shown, or the plain sentence for its status. */
  error?: unknown
  /** Words already worked out by the screen, shown instead of the error's (null: the title says it all). */
  message?: ReactNode
  /** For an error that is not a failed call (a fault in the page itself). */
  fallback?: string
  /** Offers "Try again" (a load that failed). */
  onRetry?: () => void
  retrying?: boolean
  /** More under the message (what to do next). */
  children?: ReactNode
}

/** The one way a failure is shown: what failed (the title) and why, in the server's words when it sent some. */
export function FailureAlert({ title, error, message, fallback, onRetry, retrying, children }: FailureAlertProps) {
  const text = message !== undefined ? message : errorMessage(error, fallback)
  return (
    <Alert color="red" variant="light" icon={<AlertCircle size={18} aria-hidden="true" />} title={title} role="alert">
      {text ? <Text size="sm">{text}</Text> : null}
      {children}
      {onRetry ? (
        <Group mt="sm">
          <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        </Group>
      ) : null}
    </Alert>
  )
}
