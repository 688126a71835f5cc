import { Alert, Code, List } from '@mantine/core'
import { Compass } from 'lucide-react'

/** The explanation box: how the menu is built from these applications. */
export function NavigationHelp() {
  return (
    <Alert variant="light" color="blue" icon={<Compass size={18} aria-hidden="true" />} title="How navigation works">
      <List size="sm" spacing={4}>
        <List.Item>The menu lists applications by display order, lowest number first.</List.Item>
        <List.Item>An inactive application disappears from every menu at once, for everyone (administrators included).</List.Item>
        <List.Item>
          An admin-only application shows only to super administrators and administrators and cannot be granted to anyone else. They hold
          every active application; other people see the applications granted to them in User Management.
        </List.Item>
        <List.Item>
          Where an item opens: Server Monitoring and User Management open in the dashboard&apos;s main area; Reports Studio opens
          /reports-studio in a new tab; DSA Tracker goes to /dsa-tracker; Dashboard Overview to /apps/dashboard; every other application to
          /apps/&#123;id&#125; (its app code in lower case with hyphens, e.g. <Code>PAYMENT_RECEIPTS</Code> → /apps/payment-receipts), whose
          page opens the application&apos;s URL when that is an https:// address.
        </List.Item>
        <List.Item>Deleting an application removes it from everyone&apos;s access; making it inactive is the gentler choice.</List.Item>
      </List>
    </Alert>
  )
}
