import { Stack } from '@mantine/core'
import type { SendMagicLinkResponse, SignInFlow } from '@platform/contracts/auth'
import { useState, type ReactNode } from 'react'
import { CheckEmailPanel } from './check-email-panel'
import { EmailEntryForm } from './email-entry-form'

type LoginStep = { kind: 'entering'; email: string } | { kind: 'sent'; email: string; response: SendMagicLinkResponse }

export interface LoginCardProps {
  onBeforeSend?: (email: string) => void
  /** standard for /login; district for /login-clerk, whose addresses must end with one of `allowedDomains`. */
  flow?: SignInFlow
  allowedDomains?: readonly string[]
  title?: string
  description?: string
  /** Back to entry from 'Check Your Email'. */
  backLabel?: string
  verifyCode?: (email: string, code: string) => Promise<unknown>
  /** Shown above the entry form (a single sign-on failure). */
  notice?: ReactNode
  /** Shown below the entry form (other ways to sign in). */
  footer?: ReactNode
}

/** The login pages' two states: entering the address, then 'Check Your Email' (which can return to entry). */
export function LoginCard({
  onBeforeSend,
  flow,
  allowedDomains,
  title,
  description,
  backLabel,
  verifyCode,
  notice,
  footer,
}: LoginCardProps) {
  const [step, setStep] = useState<LoginStep>({ kind: 'entering', email: '' })

  if (step.kind === 'sent') {
    return (
      <CheckEmailPanel
        email={step.email}
        expiresInMinutes={step.response.expiresInMinutes}
        backLabel={backLabel}
        onSendAnother={() => setStep({ kind: 'entering', email: step.email })}
        verifyCode={verifyCode}
      />
    )
  }
  return (
    <Stack gap="lg">
      {notice}
      <EmailEntryForm
        initialEmail={step.email}
        flow={flow}
        allowedDomains={allowedDomains}
        title={title}
        description={description}
        onBeforeSend={onBeforeSend}
        onSent={(email, response) => setStep({ kind: 'sent', email, response })}
      />
      {footer}
    </Stack>
  )
}
