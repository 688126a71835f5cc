import { reportPath } from '../../utils/report-link'

/* A subscription's link (the one a "link" delivery e-mails): its report in the studio, opened with its values. */

export const SUBSCRIPTION_PARAM = 'subscription'

export function subscriptionPath(subscription: { id: number; reportId: number }): string {
  return `${reportPath(subscription.reportId)}&${SUBSCRIPTION_PARAM}=${subscription.id}`
}

/** The subscription id in the studio's query string, or null when there is none or it is not an id. */
export function selectedSubscriptionId(search: URLSearchParams): number | null {
  const raw = search.get(SUBSCRIPTION_PARAM)
  if (!raw || !/^\d+$/.test(raw)) return null
  const id = Number(raw)
  return id >= 1 && Number.isSafeInteger(id) ? id : null
}
