import type { LabelTable } from '../labels.js'

/** The words for the codes people read in User Management, Application Management, Email Administration and Server Monitoring. */
export const adminLabels = {
  /** Where a message of the mail log stands. */
  mailStatus: {
    queued: 'Queued',
    sending: 'Sending',
    sent: 'Sent',
    retrying: 'Retrying',
    failed: 'Failed',
    outbox: 'Recorded, not sent',
    cancelled: 'Cancelled',
  },
  /** What a message is for. */
  mailKind: {
    sign_in: 'Sign-in link and code',
    no_account: 'No account notice',
    invitation: 'Invitation',
    test: 'Test message',
    server_alert: 'Server monitoring alert',
    new_device: 'New device notice',
    deposit_overdue: 'Cash waiting past the deposit limit',
    accrual_to_approve: 'Accrual waiting for approval',
    accrual_returned: 'Accrual returned to its requester',
    accrual_deadline: 'Accrual submission deadline ahead',
    records_due: 'Public records request due',
    audit_checkpoint: 'Signed audit checkpoint',
    report_export_ready: 'Report export ready',
    records_acknowledgment: 'Public records request acknowledged (to the requester)',
    records_tracking_link: 'New tracking link (to a requester)',
    records_letter: 'Public records letter (to the requester)',
    records_answer: 'Answer to a requester',
    report_subscription: 'Subscribed report',
    report_subscription_notice: 'Subscribed report withheld (no access)',
  },
  /** What the platform itself wrote as a message's answer, in place of a mail server's. */
  mailAnswer: {
    outbox: 'Not sent: no mail server is configured, so the message was only recorded here and printed on the server console.',
  },
  /** How the platform sends mail. */
  mailMode: {
    smtp: 'Mail server (SMTP)',
    outbox: 'Recorded only',
  },
  /** The Status filter of User Management. */
  userStatusFilter: {
    all: 'All statuses',
    active: 'Active',
    inactive: 'Inactive',
  },
  /** The orders User Management's list can be sorted in. */
  userSort: {
    name: 'Name',
    email: 'Email',
    last_login: 'Last login',
    created: 'Date added',
  },
  /** A person's newest invitation. */
  invitationStatus: {
    none: 'No invitation outstanding',
    pending: 'Invitation pending',
    expired: 'Invitation expired',
  },
  /** What an import does with one line of the file. */
  importAction: {
    create: 'New person',
    update: 'Changes',
    unchanged: 'No change',
    reject: 'Rejected',
  },
  /** The category of an application in the catalogue. */
  applicationCategory: {
    FINANCIAL: 'Financial',
    REPORTS: 'Reports',
    ADMIN: 'Administration',
    TOOLS: 'Tools',
    GENERAL: 'General',
  },
  /** The icons an application may have, named by what they show. */
  applicationIcon: {
    FileText: 'Document',
    DollarSign: 'Dollar sign',
    Users: 'People',
    Settings: 'Gear',
    BarChart: 'Bar chart',
    Calendar: 'Calendar',
    Shield: 'Shield',
    Database: 'Database',
    Globe: 'Globe',
    Package: 'Package',
  },
  /** The two e-mail sign-in pages. */
  signInFlow: {
    standard: 'Sign-in by e-mail',
    district: 'District sign-in',
  },
  /** What the debug endpoint found about a token's session. */
  sessionState: {
    active: 'Signed in and active',
    revoked: 'Signed out',
    expired: 'Expired',
    idle_expired: 'Expired after a time without use',
    not_found: 'No such session',
    user_inactive: 'The account is inactive',
  },
  /** A WebLogic server's state, in words (WebLogic's own names of its states). */
  serverState: {
    RUNNING: 'Running',
    SHUTDOWN: 'Shut down',
    FAILED: 'Failed',
    STARTING: 'Starting',
    STANDBY: 'Standby',
    ADMIN: 'Admin mode',
    RESUMING: 'Resuming',
    SUSPENDING: 'Suspending',
    FORCE_SUSPENDING: 'Suspending (forced)',
    SHUTTING_DOWN: 'Shutting down',
    FORCE_SHUTTING_DOWN: 'Shutting down (forced)',
    FAILED_RESTARTING: 'Failed, restarting',
    FAILED_NOT_RESTARTABLE: 'Failed, cannot restart',
    UNKNOWN: 'Unknown',
    UNREACHABLE: 'Unreachable',
  },
  /** A server's health as WebLogic reports it. */
  serverHealth: {
    OK: 'OK',
    WARN: 'Warning',
    FAILED: 'Failed',
    CRITICAL: 'Critical',
  },
  /** A domain of Server Monitoring as a whole. */
  domainStatus: {
    ONLINE: 'Online',
    UNREACHABLE: 'Unreachable',
    ERROR: 'Error',
  },
  /** The names of the fields these applications' forms and calls take, for messages about them. */
  field: {
    email: 'Email',
    fullName: 'Full name',
    organizationId: 'Organization',
    roleId: 'Role',
    isActive: 'Active',
    permissions: 'Applications',
    sendInvitation: 'Send invitation email',
    duties: 'Duties',
    search: 'Search',
    status: 'Status',
    sort: 'Sort',
    limit: 'Rows per page',
    offset: 'Starting row',
    recipient: 'Recipient',
    kind: 'Kind',
    from: 'From',
    to: 'To',
    subject: 'Subject',
    body_text: 'Body',
    app_name: 'Name',
    app_code: 'App code',
    app_url: 'URL',
    app_icon: 'Icon',
    app_description: 'Description',
    display_order: 'Display order',
    category: 'Category',
    app_color: 'Colour',
    serverName: 'Domain',
    domain: 'Domain',
    server: 'Server',
    code: 'Code',
    flow: 'Sign-in page',
  },
} as const satisfies LabelTable

/** The choices of a label group in words, for a message: 'Active, Inactive or All statuses'. */
export function choicesInWords(group: Readonly<Record<string, string>>): string {
  const words = Object.values(group)
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`
}
