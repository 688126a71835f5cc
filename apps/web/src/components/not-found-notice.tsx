import { Alert } from '@mantine/core'
import { Info } from 'lucide-react'
import { useLocation } from 'react-router'
import { notFoundPath } from './unknown-route'

/** Says that the address asked for does not exist, on the page the unknown address was redirected to. */
export function NotFoundNotice() {
  const path = notFoundPath(useLocation().state)
  if (!path) return null
  return (
    <Alert color="blue" variant="light" icon={<Info size={18} aria-hidden="true" />} role="status" title="Page not found">
      There is no page at {path}. You are on your dashboard instead.
    </Alert>
  )
}
