import type { SendMagicLinkResponse } from '@platform/contracts/auth'
import { useState } from 'react'
import { CheckEmailPanel } from './check-email-panel'
import { EmailEntryForm } from './email-entry-form'

type LoginStep = { kind: 'entering'; email: string } | { kind: 'sent'; email: string; response: SendMagicLinkResponse }

/** /login's two states: entering the address, then 'Check Your Email' (which can return to entry). */
export function LoginCard({ onBeforeSend }: { onBeforeSend?: (email: string) => void }) {
  const [step, setStep] = useState<LoginStep>({ kind: 'entering', email: '' })

  if (step.kind === 'sent') {
    return (
      <CheckEmailPanel
        email={step.email}
        message={step.response.message}
        expiresInMinutes={step.response.expiresInMinutes}
        onSendAnother={() => setStep({ kind: 'entering', email: step.email })}
      />
    )
  }
  return (
    <EmailEntryForm
      initialEmail={step.email}
      onBeforeSend={onBeforeSend}
      onSent={(email, response) => setStep({ kind: 'sent', email, response })}
    />
  )
}
