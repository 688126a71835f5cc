import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core'
import { EmailSchema, type SendMagicLinkResponse } from '@platform/contracts/auth'
import { AlertCircle, Mail } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useAuth } from '@/lib/auth-context'
import { sendFailureMessage } from '../utils/sign-in-messages'

export interface EmailEntryFormProps {
  initialEmail?: string
  /** Called before sending, with the lower-cased address (to remember where to go afterwards). */
  onBeforeSend?: (email: string) => void
  onSent: (email: string, response: SendMagicLinkResponse) => void
}

/** The 'entering e-mail' state of /login. */
export function EmailEntryForm({ initialEmail = '', onBeforeSend, onSent }: EmailEntryFormProps) {
  const { sendMagicLink } = useAuth()
  const [email, setEmail] = useState(initialEmail)
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [sendError, setSendError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    const parsed = EmailSchema.safeParse(email)
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a valid email address')
      return
    }
    const address = parsed.data.toLowerCase()
    setFieldError(null)
    setSendError(null)
    setSending(true)
    try {
      onBeforeSend?.(address)
      const response = await sendMagicLink(address)
      onSent(address, response)
    } catch (error) {
      setSendError(sendFailureMessage(error))
    } finally {
      setSending(false)
    }
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2" id="login-title">
            Sign in
          </Title>
          <Text c="dimmed" size="sm">
            Enter your district email address and we will email you a secure sign-in link.
          </Text>
        </Stack>
        {sendError ? (
          <Alert color="red" variant="light" icon={<AlertCircle size={18} aria-hidden="true" />} title="Could not send the link">
            {sendError}
          </Alert>
        ) : null}
        <TextInput
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@district.org"
          required
          value={email}
          error={fieldError}
          onChange={(event) => {
            setEmail(event.currentTarget.value)
            if (fieldError) setFieldError(null)
          }}
          leftSection={<Mail size={16} aria-hidden="true" />}
          data-autofocus
          autoFocus
        />
        <Button type="submit" fullWidth disabled={!email.trim() || sending} loading={sending}>
          Send Magic Link
        </Button>
      </Stack>
    </form>
  )
}
