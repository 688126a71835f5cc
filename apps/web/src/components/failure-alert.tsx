import { Alert } from '@mantine/core'
import { AlertCircle } from 'lucide-react'
import { errorMessage } from '@/lib/api-client'

/** What failed (the title) and why: the server's own words when it sent some, otherwise `fallback`. */
export function FailureAlert({ title, error, fallback }: { title: string; error: unknown; fallback: string }) {
  return (
    <Alert color="red" variant="light" icon={<AlertCircle size={18} aria-hidden="true" />} title={title} role="alert">
      {errorMessage(error, fallback)}
    </Alert>
  )
}
