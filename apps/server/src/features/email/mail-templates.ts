import { MAIL_KIND_LABELS, type MailKind } from '@platform/contracts/email'

export interface Placeholder {
  name: string
  description: string
  required: boolean
}

export interface TemplateText {
  subject: string
  body_text: string
}

const common: Placeholder[] = [
  { name: 'district_name', description: "The district's name (DISTRICT_NAME)", required: false },
  { name: 'app_url', description: "The platform's address", required: false },
  { name: 'email', description: "The recipient's e-mail address", required: false },
]

/** What each kind of message offers, and what it cannot do without (a sign-in e-mail without its link is useless). */
export const PLACEHOLDERS: Record<MailKind, Placeholder[]> = {
  sign_in: [
    { name: 'link', description: 'The sign-in link (valid 15 minutes, single use)', required: true },
    { name: 'code', description: 'The 6-digit code that can be typed instead of opening the link', required: true },
    { name: 'minutes', description: 'How many minutes the link and code stay valid', required: false },
    ...common,
  ],
  no_account: [...common],
  invitation: [
    { name: 'link', description: 'The invitation link (valid 7 days, single use)', required: true },
    { name: 'full_name', description: "The invited person's full name", required: false },
    { name: 'invited_by', description: 'Who sent the invitation', required: false },
    { name: 'days', description: 'How many days the invitation stays valid', required: false },
    ...common,
  ],
  test: [{ name: 'sent_at', description: 'When the test was sent', required: false }, ...common],
  server_alert: [
    { name: 'domain', description: 'The WebLogic domain whose servers changed', required: true },
    { name: 'changes', description: 'One line per server: its state and health before and now', required: true },
    { name: 'checked_at', description: 'When the change was seen', required: false },
    { name: 'monitoring_url', description: 'The Server Monitoring screen', required: false },
    ...common,
  ],
  deposit_overdue: [
    { name: 'site', description: 'The site holding undeposited cash', required: true },
    { name: 'age_days', description: 'How many days the oldest undeposited receipt has waited', required: true },
    { name: 'frequency_days', description: "The site's deposit frequency in days", required: false },
    { name: 'receipts_url', description: 'The Undeposited cash screen', required: false },
    ...common,
  ],
  accrual_to_approve: [
    { name: 'accrual', description: 'The request, e.g. accrual #42 (Office Depot, $2,500.00)', required: true },
    { name: 'step', description: 'The step waiting: site approval or fiscal review', required: true },
    { name: 'site', description: "The request's site", required: false },
    { name: 'accrual_url', description: 'The request page', required: false },
    ...common,
  ],
  accrual_returned: [
    { name: 'accrual', description: 'The request, e.g. accrual #42 (Office Depot, $2,500.00)', required: true },
    { name: 'reason', description: 'Why it was returned', required: true },
    { name: 'accrual_url', description: 'The request page', required: false },
    ...common,
  ],
  accrual_deadline: [
    { name: 'fiscal_year', description: "The cycle's fiscal year", required: true },
    { name: 'submit_by', description: "The sites' submission deadline", required: true },
    { name: 'open_count', description: "How many of the person's requests are not yet submitted", required: false },
    { name: 'accruals_url', description: 'My requests in Accruals', required: false },
    ...common,
  ],
  records_due: [
    { name: 'number', description: 'The request number (PRR-2026-0001)', required: true },
    { name: 'status', description: 'Due within 2 days, due today, or overdue', required: true },
    { name: 'due_on', description: 'The date the determination is due', required: true },
    { name: 'request_url', description: 'The request page', required: false },
    ...common,
  ],
  new_device: [
    { name: 'devices_url', description: 'The Devices and sessions page, where the person can sign the device out', required: true },
    { name: 'signed_in_at', description: 'When the sign-in happened', required: false },
    { name: 'browser', description: 'The browser named by the device', required: false },
    { name: 'os', description: 'The operating system named by the device', required: false },
    { name: 'ip', description: 'The network address the sign-in came from', required: false },
    ...common,
  ],
}

export const DEFAULT_TEMPLATES: Record<MailKind, TemplateText> = {
  sign_in: {
    subject: 'Your sign-in link for the {{district_name}} staff platform',
    body_text: [
      'Hello,',
      '',
      'Someone (we hope you) asked to sign in to the {{district_name}} staff platform with this address.',
      '',
      'Open this link to sign in:',
      '{{link}}',
      '',
      'Or type this code on the sign-in page: {{code}}',
      '',
      'The link and the code are valid for {{minutes}} minutes and can be used once.',
      'If you did not ask to sign in, you can ignore this message: nobody can sign in without it.',
    ].join('\n'),
  },
  no_account: {
    subject: 'Sign-in request for the {{district_name}} staff platform',
    body_text: [
      'Hello,',
      '',
      'Someone asked to sign in to the {{district_name}} staff platform with this address, but there is no active account for it.',
      'If you work for the district and need access, contact your administrator.',
      'If you did not ask to sign in, you can ignore this message.',
    ].join('\n'),
  },
  invitation: {
    subject: 'You have been invited to the {{district_name}} staff platform',
    body_text: [
      'Hello {{full_name}},',
      '',
      '{{invited_by}} has given you access to the {{district_name}} staff platform, where district staff reach the applications they use.',
      '',
      'Open this link to sign in for the first time:',
      '{{link}}',
      '',
      'The link is valid for {{days}} days and can be used once.',
      'After that, or if it has expired, sign in any time at {{app_url}}/login with this address: we e-mail you a sign-in link.',
    ].join('\n'),
  },
  test: {
    subject: 'Test message from the {{district_name}} staff platform',
    body_text: [
      'Hello,',
      '',
      'This is a test message sent from Email Administration at {{sent_at}}.',
      'If you can read it, mail from the platform reaches you.',
    ].join('\n'),
  },
  deposit_overdue: {
    subject: 'Deposit due: {{site}} has held cash for {{age_days}} days',
    body_text: [
      'Hello,',
      '',
      'The oldest undeposited receipt at {{site}} is {{age_days}} days old; the site deposits at least every {{frequency_days}} days.',
      'Please have the cash gathered, counted and deposited: {{receipts_url}}',
      '',
      'You receive this message because you approve deposits at {{site}} on the {{district_name}} staff platform.',
    ].join('\n'),
  },
  accrual_to_approve: {
    subject: 'To approve: {{accrual}}',
    body_text: [
      'Hello,',
      '',
      '{{accrual}} at {{site}} waits for {{step}}.',
      'Review it here: {{accrual_url}}',
      '',
      'You receive this message because you review accruals at {{site}} on the {{district_name}} staff platform.',
    ].join('\n'),
  },
  accrual_returned: {
    subject: 'Returned to you: {{accrual}}',
    body_text: [
      'Hello,',
      '',
      '{{accrual}} was returned to you: {{reason}}',
      'Correct it and submit it again: {{accrual_url}}',
      '',
      'You receive this message because you requested this accrual on the {{district_name}} staff platform.',
    ].join('\n'),
  },
  accrual_deadline: {
    subject: 'Accruals for {{fiscal_year}} are due by {{submit_by}}',
    body_text: [
      'Hello,',
      '',
      'The sites submit their {{fiscal_year}} accruals by {{submit_by}}. You have {{open_count}} not yet submitted.',
      'Finish and submit them here: {{accruals_url}}',
      '',
      'You receive this message because you request accruals on the {{district_name}} staff platform.',
    ].join('\n'),
  },
  records_due: {
    subject: 'Records request {{number}} is {{status}}',
    body_text: [
      'Hello,',
      '',
      'The determination on public records request {{number}} is {{status}} (due {{due_on}}). The Public Records Act allows no delay past that date without the one extension.',
      'Open the request: {{request_url}}',
      '',
      'You receive this message because you coordinate public records requests, or are the point person of this one, on the {{district_name}} staff platform.',
    ].join('\n'),
  },
  server_alert: {
    subject: 'Server alert: {{domain}} needs attention',
    body_text: [
      'Hello,',
      '',
      'Server Monitoring saw these changes in the WebLogic domain {{domain}} at {{checked_at}}:',
      '',
      '{{changes}}',
      '',
      'See the current state of every server: {{monitoring_url}}',
      'You receive this message because you are an administrator of the {{district_name}} staff platform and server alerts are turned on.',
    ].join('\n'),
  },
  new_device: {
    subject: 'New device registered for your {{district_name}} staff platform account',
    body_text: [
      'Hello,',
      '',
      'Your account was just signed in to from a device it had not seen before:',
      '',
      'When: {{signed_in_at}}',
      'Browser: {{browser}}',
      'Operating system: {{os}}',
      'Network address: {{ip}}',
      '',
      'If this was you, there is nothing to do.',
      'If it was not, sign that device out and tell your administrator: {{devices_url}}',
    ].join('\n'),
  },
}

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g

/** Problems that stop a template from being saved: a required placeholder missing, or one the kind does not offer. */
export function templateProblems(kind: MailKind, template: TemplateText): string[] {
  const offered = PLACEHOLDERS[kind]
  const used = new Set([...`${template.subject}\n${template.body_text}`.matchAll(PLACEHOLDER)].map((match) => match[1]!))
  const problems: string[] = []
  for (const name of used) {
    if (!offered.some((placeholder) => placeholder.name === name)) {
      problems.push(
        `{{${name}}} is not available in the ${MAIL_KIND_LABELS[kind]} message. Available: ${offered.map((p) => `{{${p.name}}}`).join(', ')}.`,
      )
    }
  }
  for (const placeholder of offered.filter((p) => p.required)) {
    if (![...template.body_text.matchAll(PLACEHOLDER)].some((match) => match[1] === placeholder.name)) {
      problems.push(`The body must contain {{${placeholder.name}}}: ${placeholder.description.toLowerCase()}.`)
    }
  }
  const stray = template.body_text.replace(PLACEHOLDER, '').match(/\{\{|\}\}/)
  if (stray) problems.push('The body has a {{ or }} that is not part of a placeholder such as {{link}}.')
  return problems
}

/** Fills placeholders with values (a missing value becomes empty). */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => values[name] ?? '')
}

/** Text made safe to place in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)
}

/**
 * The HTML part: the text, escaped, with links made clickable, under the district's name and logo. Laid out with
 * table attributes rather than style attributes: mail clients honour them, and so does the Content-Security-Policy of
 * the mail log's preview, which refuses inline styles.
 */
export function htmlFromText(text: string, districtName: string, logoUrl: string | null): string {
  const body = escapeHtml(text)
    .split('\n')
    .map((line) => line.replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`))
    .join('<br>\n')
  const logo = logoUrl ? `<img src="${escapeHtml(logoUrl)}" alt="" height="40"><br>` : ''
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>' + escapeHtml(districtName) + '</title></head>',
    '<body bgcolor="#f8f9fa">',
    '<table role="presentation" width="100%" bgcolor="#f8f9fa" cellpadding="24" cellspacing="0" border="0"><tr><td align="center">',
    '<table role="presentation" width="560" bgcolor="#ffffff" cellpadding="24" cellspacing="0" border="0"><tr><td align="left">',
    `${logo}<font face="Arial, Helvetica, sans-serif" color="#212529"><b>${escapeHtml(districtName)}</b><br><br>`,
    `${body}</font>`,
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n')
}
