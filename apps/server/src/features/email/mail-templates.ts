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

const required = (name: string, description: string): Placeholder => ({ name, description, required: true })
const optional = (name: string, description: string): Placeholder => ({ name, description, required: false })

const common: Placeholder[] = [
  optional('district_name', "The district's name, as the platform is set up"),
  optional('app_url', "The platform's address"),
  optional('email', "The recipient's e-mail address"),
]
/** A kind's own placeholders, then those every message offers. */
const offering = (...own: Placeholder[]): Placeholder[] => [...own, ...common]

// Both accrual notices name the request and link to its page.
const accrualRequest = required('accrual', 'The request, e.g. accrual #42 (Office Depot, $2,500.00)')
const accrualPage = optional('accrual_url', 'The request page')

/** What each kind of message offers, and what it cannot do without (a sign-in e-mail without its link is useless). */
export const PLACEHOLDERS: Record<MailKind, Placeholder[]> = {
  sign_in: offering(
    required('link', 'The sign-in link (valid 15 minutes, single use)'),
    required('code', 'The 6-digit code that can be typed instead of opening the link'),
    optional('minutes', 'How many minutes the link and code stay valid'),
  ),
  no_account: offering(),
  invitation: offering(
    required('link', 'The invitation link (valid 7 days, single use)'),
    optional('full_name', "The invited person's full name"),
    optional('invited_by', 'Who sent the invitation'),
    optional('days', 'How many days the invitation stays valid'),
  ),
  test: offering(optional('sent_at', 'When the test was sent')),
  server_alert: offering(
    required('domain', 'The WebLogic domain whose servers changed'),
    required('changes', 'One line per server: its state and health before and now'),
    optional('checked_at', 'When the change was seen'),
    optional('monitoring_url', 'The Server Monitoring screen'),
  ),
  deposit_overdue: offering(
    required('site', 'The site holding undeposited cash'),
    required('age_days', 'How many days the oldest undeposited receipt has waited'),
    optional('frequency_days', "The site's deposit frequency in days"),
    optional('receipts_url', 'The Undeposited cash screen'),
  ),
  accrual_to_approve: offering(
    accrualRequest,
    required('step', 'The step waiting: site approval or fiscal review'),
    optional('site', "The request's site"),
    accrualPage,
  ),
  accrual_returned: offering(accrualRequest, required('reason', 'Why it was returned'), accrualPage),
  accrual_deadline: offering(
    required('fiscal_year', "The cycle's fiscal year"),
    required('submit_by', "The sites' submission deadline"),
    optional('open_count', "How many of the person's requests are not yet submitted"),
    optional('accruals_url', 'My requests in Accruals'),
  ),
  records_due: offering(
    required('number', 'The request number (PRR-2026-0001)'),
    required('status', 'Due within 2 days, due today, or overdue'),
    required('due_on', 'The date the determination is due'),
    optional('request_url', 'The request page'),
  ),
  audit_checkpoint: offering(
    required('checkpoint', 'The signed checkpoint as text: what it signs, the signed statement, the signature and the public key'),
    optional('checkpoint_id', "The checkpoint's number in the checkpoint log"),
    optional('signed_at', 'When it was signed'),
    optional('last_audit_id', 'The last audit row it covers'),
    optional('public_key_id', "The signing key's id"),
  ),
  report_export_ready: offering(
    required('report', 'The name of the exported report'),
    required('reports_url', 'The Exports list in Reports Studio, where the file is (the person signs in to download it)'),
    optional('format', 'Excel or PDF'),
    optional('rows', 'How many rows the report has'),
    optional('ready_until', 'Until when the file can be downloaded'),
  ),
  report_subscription: offering(
    required('report', 'The name of the report'),
    required('delivery', 'What this e-mail carries: the attached file, or the link that opens the report or its file'),
    required('unsubscribe_url', 'The link that stops these e-mails for this person'),
    optional('schedule', 'The schedule in words'),
    optional('rows', 'How many rows the report has'),
    optional('subscribed_by', 'Who set the subscription up'),
  ),
  report_subscription_notice: offering(
    required('report', 'The name of the report'),
    required('reason', 'Why the report was not sent to this person'),
    required('unsubscribe_url', 'The link that stops these e-mails for this person'),
    optional('schedule', 'The schedule in words'),
    optional('subscribed_by', 'Who set the subscription up'),
  ),
  records_acknowledgment: offering(
    required('number', 'The request number (PRR-2026-0001)'),
    required('tracking_url', 'The private tracking link (works while the request is open and a year after)'),
    optional('received_on', 'The day the request was received'),
    optional('counted_from', 'The day the statutory clock started'),
    optional('due_on', 'The day the determination is due, in words'),
  ),
  records_tracking_link: offering(
    required('number', 'The request number (PRR-2026-0001)'),
    required('tracking_url', 'The new private tracking link (the old one stops working)'),
  ),
  records_letter: offering(
    required('number', 'The request number (PRR-2026-0001)'),
    required('letter', 'The kind of letter, e.g. determination letter'),
    optional('tracking_url_note', 'A line pointing to the tracking page'),
  ),
  records_answer: offering(
    required('number', 'The request number (PRR-2026-0001)'),
    required('message', 'The answer, as written by the records office'),
  ),
  new_device: offering(
    required('devices_url', 'The Devices and sessions page, where the person can sign the device out'),
    optional('signed_in_at', 'When the sign-in happened'),
    optional('browser', 'The browser named by the device'),
    optional('os', 'The operating system named by the device'),
    optional('ip', 'The network address the sign-in came from'),
  ),
}

/** A message to a member of the public about their records request: no staff platform, no account. */
function requesterMail(subject: string, body: string[]): TemplateText {
  const footer =
    'You receive this message because this address was given with a public records request to the {{district_name}}. Please do not reply to this e-mail.'
  return { subject, body_text: ['Hello,', '', ...body.flatMap((line) => [line, '']), footer].join('\n') }
}

/**
 * A notice of work waiting for the person: greeting, what happened and where to act (`body`), then why they receive
 * it (`because` completes "You receive this message because ..."), the same frame for every such notice.
 */
function notice(subject: string, because: string, body: string[]): TemplateText {
  const footer = `You receive this message because ${because} on the {{district_name}} staff platform.`
  return { subject, body_text: ['Hello,', '', ...body, '', footer].join('\n') }
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
  deposit_overdue: notice('Deposit due: {{site}} has held cash for {{age_days}} days', 'you approve deposits at {{site}}', [
    'The oldest undeposited receipt at {{site}} is {{age_days}} days old; the site deposits at least every {{frequency_days}} days.',
    'Please have the cash gathered, counted and deposited: {{receipts_url}}',
  ]),
  accrual_to_approve: notice('To approve: {{accrual}}', 'you review accruals at {{site}}', [
    '{{accrual}} at {{site}} waits for {{step}}.',
    'Review it here: {{accrual_url}}',
  ]),
  accrual_returned: notice('Returned to you: {{accrual}}', 'you requested this accrual', [
    '{{accrual}} was returned to you: {{reason}}',
    'Correct it and submit it again: {{accrual_url}}',
  ]),
  accrual_deadline: notice('Accruals for {{fiscal_year}} are due by {{submit_by}}', 'you request accruals', [
    'The sites submit their {{fiscal_year}} accruals by {{submit_by}}. You have {{open_count}} not yet submitted.',
    'Finish and submit them here: {{accruals_url}}',
  ]),
  records_due: notice(
    'Records request {{number}} is {{status}}',
    'you coordinate public records requests, or are the point person of this one,',
    [
      'The determination on public records request {{number}} is {{status}} (due {{due_on}}). The Public Records Act allows no delay past that date without the one extension.',
      'Open the request: {{request_url}}',
    ],
  ),
  records_acknowledgment: requesterMail('Your public records request {{number}} was received', [
    'The {{district_name}} received your public records request on {{received_on}}. Its number is {{number}}.',
    'The 10-day period to answer started on {{counted_from}}: the district will tell you by {{due_on}} whether it holds disclosable records, or why it needs up to 14 more days.',
    'Follow your request, read the district’s letters, download released records and write to the records office here:',
    '{{tracking_url}}',
    'Keep this link private: anyone who has it can see your request. It works while the request is open and for a year after it closes.',
  ]),
  records_tracking_link: requesterMail('A new tracking link for your public records request {{number}}', [
    'You asked for a new link to follow public records request {{number}}. The earlier link no longer works.',
    '{{tracking_url}}',
    'Keep this link private: anyone who has it can see your request.',
  ]),
  records_letter: requesterMail('Public records request {{number}}: {{letter}}', [
    'The {{district_name}} issued this {{letter}} on your public records request {{number}}. It is attached to this message as a PDF.',
    '{{tracking_url_note}}',
  ]),
  records_answer: requesterMail('Public records request {{number}}: a message from the records office', [
    'The records office of the {{district_name}} wrote about your public records request {{number}}:',
    '{{message}}',
    'To answer, write from your request’s tracking page (the link in the acknowledgment e-mail).',
  ]),
  audit_checkpoint: notice(
    'Audit checkpoint {{checkpoint_id}}: the {{district_name}} audit log through row {{last_audit_id}}',
    'your address is one of the auditors (AUDITOR_EMAILS)',
    [
      'The {{district_name}} staff platform signed this checkpoint of its audit log at {{signed_at}}.',
      'Keep this message and its attached .json file outside the platform: they let you show later that the log was not rewritten after it was signed.',
      'To check the log against it: npm run audit:verify -- --checkpoint <the .json file> --public-key <the published key, saved as a file>',
      '',
      '{{checkpoint}}',
    ],
  ),
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
  report_export_ready: notice('Your export of {{report}} is ready', 'you exported a long report in Reports Studio', [
    'The {{format}} file of {{report}} ({{rows}} rows) is ready.',
    'Download it from the Exports list in Reports Studio until {{ready_until}}: {{reports_url}}',
  ]),
  report_subscription: {
    subject: '{{report}}: your scheduled report',
    body_text: [
      'Hello,',
      '',
      'Here is {{report}} ({{rows}} rows), run with your own access to the {{district_name}} staff platform.',
      '',
      '{{delivery}}',
      '',
      'Schedule: {{schedule}}, set up by {{subscribed_by}}.',
      'To stop receiving this report: {{unsubscribe_url}}',
    ].join('\n'),
  },
  report_subscription_notice: {
    subject: '{{report}} was not sent to you',
    body_text: [
      'Hello,',
      '',
      'Your scheduled copy of {{report}} was not sent: {{reason}}',
      'Nothing of the report is in this message. If you need it, ask your administrator for access, or ask {{subscribed_by}} to take you off the subscription.',
      '',
      'Schedule: {{schedule}}.',
      'To stop receiving this report: {{unsubscribe_url}}',
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
