import { Alert, Anchor } from '@mantine/core'
import { Info } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { useDocumentTitle } from '@/lib/use-document-title'
import { ACCRUALS_BASE } from './paths'

/** An address under /apps/accruals that names no screen: said plainly, with the way back to the cycle. */
export function AccrualsNotFound() {
  useDocumentTitle('Page not found')
  const { pathname } = useLocation()
  return (
    <Alert color="blue" variant="light" icon={<Info size={18} aria-hidden="true" />} role="status" title="Page not found">
      Accruals has no page at {pathname}.{' '}
      <Anchor component={Link} to={ACCRUALS_BASE}>
        Go to the accrual cycle
      </Anchor>
      .
    </Alert>
  )
}
