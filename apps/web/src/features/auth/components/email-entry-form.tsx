import { Button, Stack, Text, TextInput, Title } from '@mantine/core'
import { type FormErrors, schemaResolver, useForm } from '@mantine/form'
import { districtDomainHint, EmailSchema, type SendMagicLinkResponse, type SignInFlow } from '@platform/contracts/auth'
import { Mail } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { FailureAlert } from '@/components/failure-alert'
import { ApiError } from '@/lib/api-client'
import { useAuth } from '@/lib/auth-context'
import { isDistrictAddress } from '../utils/district-domain'
import { sendFailureMessage } from '../utils/sign-in-messages'
import { formMessage } from '@/lib/schema-errors'

export interface EmailEntryFormProps {
  initialEmail?: string
  /** standard for /login; district for /login-clerk (its link opens /auth/verify-clerk). */
  flow?: SignInFlow
  /** The district's domains: when given, the address must end with one of them. */
  allowedDomains?: readonly string[]
  title?: string
  description?: string
  /** Called before sending, with the lower-cased address (to remember where to go afterwards). */
  onBeforeSend?: (email: string) => void
  onSent: (email: string, response: SendMagicLinkResponse) => void
}

const resolveEmail = schemaResolver(z.object({ email: EmailSchema }), { sync: true })

/**
 * The address's error, from the contract's own rule; on the district sign-in, an address outside the district's
 * domains is refused here in the server's words, so nobody waits for a refusal the page can predict.
 */
export function validateEmailEntry(email: string, allowedDomains?: readonly string[]): FormErrors {
  const errors = resolveEmail({ email })
  if (typeof errors.email === 'string') return { email: formMessage(errors.email) }
  if (allowedDomains && !isDistrictAddress(email.trim().toLowerCase(), allowedDomains)) return { email: districtDomainHint(allowedDomains) }
  return {}
}

/** The 'entering e-mail' state of /login and /login-clerk. */
export function EmailEntryForm({
  initialEmail = '',
  flow = 'standard',
  allowedDomains,
  title = 'Sign in',
  description = 'Enter your district email address and we will email you a secure sign-in link.',
  onBeforeSend,
  onSent,
}: EmailEntryFormProps) {
  const { sendMagicLink } = useAuth()
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail },
    validate: (values) => validateEmailEntry(values.email, allowedDomains),
  })
  const [sendError, setSendError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const domainHint = allowedDomains ? districtDomainHint(allowedDomains) : null
  const fieldError = form.errors.email

  const submit = form.onSubmit(async (values) => {
    if (sending) return
    const address = values.email.trim().toLowerCase()
    setSendError(null)
    setSending(true)
    try {
      onBeforeSend?.(address)
      const response = await sendMagicLink(address, flow)
      onSent(address, response)
    } catch (error) {
      // The server's domain refusal belongs to the field, like the same check made here.
      if (error instanceof ApiError && error.code === 'domain_not_allowed' && error.fromServer) form.setFieldError('email', error.message)
      else setSendError(sendFailureMessage(error))
    } finally {
      setSending(false)
    }
  })

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2" id="login-title">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </Stack>
        {sendError ? <FailureAlert title="Could not send the link" message={sendError} /> : null}
        <TextInput
          label="Email address"
          // The hint moves into the error when the rule is broken, so it is read once, not twice.
          description={fieldError ? undefined : domainHint}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={allowedDomains?.[0] ? `you@${allowedDomains[0]}` : 'you@district.org'}
          required
          {...form.getInputProps('email')}
          leftSection={<Mail size={16} aria-hidden="true" />}
          data-autofocus
          autoFocus
        />
        <Button type="submit" fullWidth disabled={!form.values.email.trim() || sending} loading={sending}>
          Send sign-in link
        </Button>
      </Stack>
    </form>
  )
}
