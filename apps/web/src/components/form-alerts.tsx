import { Alert } from '@mantine/core'
import { FailureAlert } from './failure-alert'

/**
 * The alerts at the foot of a form: what is wrong with it, found before sending (`problem`), and, when sending failed,
 * what did not happen (`failedTitle`) with the server's reason.
 */
export function FormAlerts({
  problem,
  mutation,
  failedTitle,
}: {
  problem?: string | null
  mutation: { isError: boolean; error: unknown }
  failedTitle: string
}) {
  return (
    <>
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      {mutation.isError ? <FailureAlert title={failedTitle} error={mutation.error} /> : null}
    </>
  )
}
