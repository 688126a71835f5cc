import { isAdminRole } from '@platform/contracts/auth'
import type { QueueItem } from '@platform/contracts/finance'
import type { AuthUser } from '../../plugins/access.js'

/**
 * The foundation's own My queue items, for administrators: the setup the fiscal applications need before anyone can
 * use them (sites, the chart of accounts, the cash accounts). Each disappears once done.
 */
export function financeSetupQueue(deps: {
  siteCount: () => Promise<number>
  segmentCount: () => Promise<number>
  cashAccountCount: () => Promise<number>
}) {
  return async (user: AuthUser): Promise<QueueItem[]> => {
    if (!isAdminRole(user.roleCode)) return []
    const [sites, segments, cash] = await Promise.all([deps.siteCount(), deps.segmentCount(), deps.cashAccountCount()])
    const item = (key: string, title: string, detail: string, href: string): QueueItem => ({
      key: `FINANCE:setup:${key}`,
      appCode: 'FINANCE',
      title,
      detail,
      href,
      dueAt: null,
      overdue: false,
    })
    const items: QueueItem[] = []
    if (sites === 0)
      items.push(
        item(
          'sites',
          "Add the district's sites",
          'Payment Receipts, Accruals and Public Information work site by site.',
          '/admin/finance/sites',
        ),
      )
    if (segments === 0)
      items.push(
        item(
          'chart',
          'Import the chart of accounts',
          'Forms that take an account accept only accounts of the imported chart.',
          '/admin/finance/accounts',
        ),
      )
    if (cash === 0)
      items.push(
        item(
          'posting',
          'Set the cash account of each fund',
          'Deposits are posted to these accounts in the ERP journal.',
          '/admin/finance/accounts',
        ),
      )
    return items
  }
}
