import { Button, Divider, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core'
import { VerificationCodeSchema, VERIFICATION_CODE_LENGTH } from '@platform/contracts/auth'
import { MailCheck } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useAuth } from '@/lib/auth-context'
import { useFocusOnMount } from '@/lib/use-focus-on-mount'
import { CODE_FAILED, codeFailureMessage } from '../utils/sign-in-messages'

export interface CheckEmailPanelProps {
  email: string
  expiresInMinutes: number
  /** Back to entry: 'Send another link' on /login, 'Use a different email' on /login-clerk. */
  backLabel?: string
  onSendAnother: () => void
  /** Checks the code (the auth context's verifyCode unless the page wants to see the outcome first). */
  verifyCode?: (email: string, code: string) => Promise<unknown>
}

/** The 'sent' state of /login and /login-clerk: confirmation, code entry and a way back to entry. */
export function CheckEmailPanel({
  email,
  expiresInMinutes,
  backLabel = 'Send another link',
  onSendAnother,
  verifyCode,
}: CheckEmailPanelProps) {
  const auth = useAuth()
  const checkCode = verifyCode ?? auth.verifyCode
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [verifying, setVerifying] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (verifying) return
    // Six digits, with or without the spaces or dashes people type between them.
    const parsed = VerificationCodeSchema.safeParse(code)
    if (!parsed.success) {
      setError(CODE_FAILED)
      return
    }
    setError(null)
    setVerifying(true)
    try {
      // On success the auth state changes and the page sends the person on.
      await checkCode(email, parsed.data)
    } catch (err) {
      // A wrong code reads 'Invalid verification code'; a locked code, the server's words.
      setError(codeFailureMessage(err))
      setVerifying(false)
    }
  }

  return (
    <Stack gap="md">
      <Stack gap="sm" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <MailCheck size={28} />
        </ThemeIcon>
        <Title order={1} size="h2" ref={headingRef} tabIndex={-1}>
          Check Your Email
        </Title>
        {/* The server answers alike whether or not the address has an account, so the page does not claim a link
            was sent; it says the time once. */}
        <Text role="status">
          If{' '}
          <Text component="strong" fw={700} data-testid="sent-email">
            {email}
          </Text>{' '}
          has an account, a sign-in link and a code are on their way.
        </Text>
        <Text size="sm" c="dimmed">
          Both are valid for {expiresInMinutes} minutes. Open the link on this device, or enter the code below.
        </Text>
      </Stack>

      <Divider label="or enter the code from the email" labelPosition="center" />

      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="Verification code"
            description={`The ${VERIFICATION_CODE_LENGTH}-digit code from the email`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123 456"
            maxLength={16}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value)
              if (error) setError(null)
            }}
            error={error}
          />
          <Button type="submit" disabled={!code.trim() || verifying} loading={verifying} fullWidth>
            Verify code
          </Button>
        </Stack>
      </form>

      <Button variant="subtle" onClick={onSendAnother}>
        {backLabel}
      </Button>
    </Stack>
  )
}
