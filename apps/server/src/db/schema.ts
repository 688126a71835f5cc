import type { Generated } from 'kysely'

// Column names are snake_case in SQL and in TypeScript alike: the API speaks the same names.
// Flags are integers 0/1 and times are ISO-8601 text on both dialects (docs/decisions/002).

export interface OrganizationsTable {
  org_id: Generated<number>
  org_name: string
  org_code: string
}

/** The words of a user's name and address, for searching by the start of any word (see users.repository.ts). */
export interface UserSearchTermsTable {
  term: string
  user_id: number
  /** The person's role, organisation and status beside each word, so a filtered search reads the words' index alone (migration 0030's triggers keep them in step). */
  role_id: number
  organization_id: number
  is_active: number
  /** The person's name, after the filters in the words' index: a searched list in name order picks its page from the index (migration 0031). */
  full_name: string
}

export interface RolesTable {
  role_id: Generated<number>
  role_name: string
  role_code: string
  role_level: number
}

export interface ApplicationsTable {
  app_id: Generated<number>
  app_name: string
  app_code: string
  app_url: string
  app_icon: string
  app_description: string
  display_order: number
  is_active: number
  category: string
  app_color: string
  admin_only: number
  created_at: string
  updated_at: string
}

export interface UsersTable {
  user_id: Generated<number>
  email: string
  full_name: string
  organization_id: number
  role_id: number
  is_active: number
  email_verified: number
  last_login: string | null
  created_at: string
  updated_at: string
}

export interface UserPermissionsTable {
  user_id: number
  app_id: number
  permission_level: string
  granted_at: string
  granted_by: number | null
}

/** An e-mailed sign-in link (kind signin, with its code) or invitation (kind invite). Secrets are stored as HMACs. */
export interface LoginChallengesTable {
  challenge_id: Generated<number>
  kind: string
  email: string
  user_id: number
  token_hash: string
  code_hash: string | null
  code_attempts: number
  created_at: string
  expires_at: string
  consumed_at: string | null
  revoked_at: string | null
}

export interface SessionsTable {
  session_id: string
  user_id: number
  created_at: string
  last_seen_at: string
  expires_at: string
  revoked_at: string | null
  revoked_reason: string | null
  ip: string | null
  user_agent: string | null
  /** The remembered browser it was opened from (null: no deviceId was sent). */
  device_id: number | null
}

/** A browser a person signed in from, known by the keyed hash of the random id it keeps. */
export interface DevicesTable {
  device_id: Generated<number>
  user_id: number
  device_hash: string
  browser: string
  os: string
  first_seen_at: string
  last_seen_at: string
  last_ip: string | null
}

/** A single sign-on between the redirect to the identity provider and its return. */
export interface SsoStatesTable {
  state_hash: string
  provider: string
  nonce: string
  code_verifier: string
  binding_hash: string
  origin: string
  created_at: string
  expires_at: string
  consumed_at: string | null
}

/** Fixed-window counters shared by every instance (rate limits). */
export interface RateLimitsTable {
  bucket_key: string
  window_start: number
  hits: number
  expires_at: number
}

export interface AuditLogTable {
  audit_id: Generated<number>
  occurred_at: string
  actor_user_id: number | null
  action: string
  outcome: string
  target_type: string | null
  target_id: string | null
  email: string | null
  ip: string | null
  user_agent: string | null
  details: string | null
  /** The chain (docs/decisions/014): the previous row's hash and this row's; null for rows before the chain started. */
  prev_hash: string | null
  row_hash: string | null
}

/** The last link of the audit chain (one row, chain_id 1). */
export interface AuditChainHeadTable {
  chain_id: number
  last_audit_id: number
  last_hash: string
}

/** The checkpoint log (decision 034): the audit chain's head as signed, and to whom it was e-mailed. */
export interface AuditCheckpointsTable {
  checkpoint_id: Generated<number>
  /** daily or on_demand */
  kind: string
  /** The district day a daily checkpoint was made for (unique); null on demand. */
  daily_of: string | null
  made_by: number | null
  signed_at: string
  last_audit_id: number
  last_hash: string
  row_count: number
  chain_key_id: string
  public_key_id: string
  public_key: string
  /** The exact text signed, and its Ed25519 signature (base64). */
  statement: string
  signature: string
  mailed_at: string | null
  /** JSON array of the addresses it was queued for. */
  mailed_to: string | null
}

export interface FinanceSitesTable {
  site_id: Generated<number>
  code: string
  name: string
  kind: string
  active: number
  deposit_frequency_days: number
  deposit_threshold_cents: number | null
  created_at: string
  updated_at: string
  /** The site's value of the chart's school-site segment; its collectors credit accounts of it (migration 0035). */
  school_segment: string | null
}

/** Further account patterns an administrator allowed a site's collectors (each segment its digits or `*`). */
export interface FinanceSiteAccountsTable {
  site_id: number
  pattern: string
  added_by: number
  added_at: string
}

/** The chart of accounts: one value of one SACS segment. */
export interface FinanceSegmentValuesTable {
  segment: string
  value: string
  name: string
  active: number
  updated_at: string
}

/** Valid account strings, when the district imports its list of combinations. */
export interface FinanceAccountsTable {
  account: string
  active: number
  updated_at: string
}

/** A duty in a fiscal application; site_id null means every site. */
export interface FinanceDutiesTable {
  user_id: number
  app_id: number
  duty: string
  site_id: number | null
  granted_at: string
  granted_by: number | null
}

/** A one-use separation-of-duties exception recorded by a super administrator. */
export interface FinanceExceptionsTable {
  exception_id: Generated<number>
  app_id: number
  record_id: string
  step: string
  user_id: number
  reason: string
  created_by: number
  created_at: string
  used_at: string | null
}

/** Who took part in a fiscal record, by part (migration 0032). */
export interface FinanceParticipantsTable {
  app_code: string
  record_type: string
  record_id: string
  user_id: number
  part: string
  first_at: string
}

export interface FinanceAttachmentsTable {
  attachment_id: Generated<number>
  app_code: string
  record_type: string
  record_id: string
  file_name: string
  file_type: string
  content_type: string
  size_bytes: number
  sha256: string
  content: Buffer
  uploaded_by: number
  uploaded_at: string
}

/** A long report export written in the background (migration 0039). */
export interface ReportExportJobsTable {
  job_id: Generated<number>
  owner_id: number
  report_name: string
  format: string
  /** The export request as JSON, as POST /api/reportexport took it. */
  request: string
  state: string
  attempt: Generated<number>
  rows_total: number
  rows_done: Generated<number>
  created_at: string
  started_at: string | null
  finished_at: string | null
  expires_at: string | null
  last_seen_at: string
  file_name: string | null
  content_type: string | null
  size_bytes: number | null
  failure: string | null
  notice_emailed: Generated<number>
}

/** A piece of an export job's file, in order by seq, of the try that wrote it. */
export interface ReportExportChunksTable {
  job_id: number
  attempt: number
  seq: number
  content: Buffer
}

/** Every message the platform sends, with secrets masked in what is stored. */
export interface MailMessagesTable {
  message_id: Generated<number>
  created_at: string
  kind: string
  recipient: string
  subject: string
  body_text: string
  status: string
  attempts: number
  last_error: string | null
  sent_at: string | null
  body_html: string | null
  payload: string | null
  retry_until: string | null
  next_attempt_at: string | null
  smtp_response: string | null
  updated_at: string | null
}

/** A background job in progress and the instance doing it (db/job-leases.ts). */
export interface JobLeasesTable {
  /** What sort of job: 'dsa_scrape', 'mail_send', … */
  kind: string
  /** The job's own id within its kind (a run id, a message id). */
  job_key: string
  /** The instance id of the process doing the work. */
  owner: string
  acquired_at: string
  /** Renewed while the owner works; once passed, any instance may settle the job. */
  expires_at: string
}

/** An administrator's version of a message template (absent: the built-in default is used). */
export interface MailTemplatesTable {
  kind: string
  subject: string
  body_text: string
  updated_at: string
  updated_by: number | null
}

/**
 * The settings row whose value changes whenever an application or a grant changes (written in the same
 * transaction). Every authenticated call reads it with its session, so each instance knows at once when a cached
 * menu is out of date.
 */
export const ACCESS_VERSION_SETTING = 'access_version'

export interface SettingsTable {
  setting_key: string
  setting_value: string
}

/** A server's state or health as first seen, and every change of it after (Server Monitoring's history). */
export interface ServerStateChangesTable {
  change_id: Generated<number>
  domain: string
  server_name: string
  state: string
  health: string | null
  previous_state: string | null
  previous_health: string | null
  changed_at: string
}

/** A DSA tracker application of one client, with the tracker's raw amounts and dates kept beside what we derive. */
export interface DsaProjectsTable {
  id: Generated<number>
  client_id: string
  project_number: string
  project_link: string
  project_name: string
  project_status: string
  project_type: string | null
  project_class: string | null
  construction_cost: number | null
  cost_source: string | null
  estimated_amount: number | null
  contracted_amount: number | null
  change_amount: number | null
  final_cost: number | null
  received_date: string | null
  approved_date: string | null
  closed_date: string | null
  void_date: string | null
  certification_letter: string | null
  certification_date: string | null
  city: string | null
  ptn: string | null
  search_text: string
  first_seen_at: string
  scraped_at: string
  details_scraped_at: string | null
  stale: Generated<number>
}

/** One scrape of one client: RUNNING while it runs (at most one per client), then its log row. */
export interface DsaScrapeRunsTable {
  id: Generated<number>
  client_id: string
  status: string
  trigger: string
  started_by: number | null
  started_at: string
  finished_at: string | null
  pages_fetched: Generated<number>
  projects_found: Generated<number>
  details_planned: Generated<number>
  details_done: Generated<number>
  projects_saved: Generated<number>
  projects_updated: Generated<number>
  error: string | null
}

/** A saved report: its definition is the JSON of packages/contracts/src/reports.ts. */
export interface ReportsTable {
  report_id: Generated<number>
  report_name: string
  report_description: string | null
  dataset: string
  definition: string
  version: number
  created_by: number | null
  created_at: string
  updated_by: number | null
  updated_at: string
  starter_key: string | null
}

/** Every saved version of a report, the current one included. */
export interface ReportVersionsTable {
  report_id: number
  version: number
  report_name: string
  report_description: string | null
  definition: string
  saved_by: number | null
  saved_at: string
}

/** A dataset uploaded from a file; `columns` is the JSON of its typed columns. */
export interface ReportUploadsTable {
  upload_id: Generated<number>
  name: string
  description: string | null
  columns: string
  row_count: number
  file_name: string | null
  uploaded_by: number | null
  created_at: string
  updated_at: string
}

/** Payment Receipts: the gapless counter of a site's fiscal year. */
export interface ReceiptCountersTable {
  site_id: number
  fiscal_year: string
  last_sequence: number
}

export interface ReceiptsTable {
  receipt_id: Generated<number>
  number: string
  site_id: number
  fiscal_year: string
  sequence: number
  state: string
  payer: string
  /** The payer in lower case, for search. */
  payer_search: string
  tender: string
  check_number: string | null
  purpose: string
  amount_cents: number
  collector_id: number
  issued_at: string
  /** The district-local calendar date of issuing. */
  issued_on: string
  deposit_id: number | null
  void_reason: string | null
  voided_by: number | null
  voided_at: string | null
}

export interface ReceiptLinesTable {
  receipt_id: number
  line_no: number
  account: string
  amount_cents: number
}

/** Payment Receipts' ERP journal as issued: a deposit's entry written at its confirmation, a returned check's at its recording. */
export interface ReceiptJournalLinesTable {
  entry_kind: string
  entry_id: number
  seq: number
  journal_date: string
  deposit_id: number
  deposit_label: string
  treasury_reference: string
  receipt_number: string
  account: string
  debit_cents: number
  credit_cents: number
  description: string
}

export interface ReceiptDepositsTable {
  deposit_id: Generated<number>
  /** The site's code when the deposit was gathered: its label reads the same forever (migration 0035). */
  site_code: string | null
  site_id: number
  fiscal_year: string
  state: string
  expected_cents: number
  receipt_count: number
  created_by: number
  created_at: string
  counted_cents: number | null
  over_short_cents: number | null
  bag_number: string | null
  count_note: string | null
  counted_by: number | null
  counted_at: string | null
  approved_by: number | null
  approved_at: string | null
  submitted_by: number | null
  submitted_at: string | null
  treasury_reference: string | null
  confirmed_on: string | null
  confirmed_by: number | null
  confirmed_at: string | null
  statement_reference: string | null
  reconcile_note: string | null
  reconciled_by: number | null
  reconciled_at: string | null
  /** Moved on by every change of the deposit (a void taking a receipt out, each step): a count names the one it was made for. */
  version: Generated<number>
}

export interface ReceiptDepositCountsTable {
  deposit_id: number
  denomination_cents: number | null
  piece_count: number | null
  receipt_id: number | null
  amount_cents: number
}

export interface ReceiptCorrectionsTable {
  correction_id: Generated<number>
  receipt_id: number
  kind: string
  reason: string
  amount_cents: number
  recorded_by: number
  recorded_at: string
}

export interface ReceiptCorrectionLinesTable {
  correction_id: number
  line_no: number
  account: string
  amount_cents: number
}

export interface ReceiptClockNoticesTable {
  site_id: number
  notice_day: string
  sent_at: string
}

export interface AccrualCyclesTable {
  cycle_id: Generated<number>
  fiscal_year: string
  cutoff_on: string
  submit_by: string
  lock_on: string
  board_on: string
  county_on: string
  materiality_cents: number
  created_by: number
  created_at: string
  updated_at: string
  /** When the first journal was posted from the cycle: its dates no longer change (migration 0036). */
  journal_posted_at: string | null
}

export interface AccrualJournalsTable {
  journal_id: Generated<number>
  reference: string
  cycle_id: number
  request_count: number
  amount_cents: number
  exported_by: number
  exported_at: string
}

export interface AccrualsTable {
  accrual_id: Generated<number>
  cycle_id: number
  site_id: number
  state: string
  type: string
  /** The account the accrual is booked against: the type's posting account, or the one an OTHER request names. */
  accrual_account: string
  /** What an OTHER request named (null for the other types). */
  named_account: string | null
  clearing: string
  for_goods: number
  vendor: string
  /** The vendor in lower case without extra spaces: possible duplicates are found by it. */
  vendor_key: string
  /** Vendor, description, PO and invoice numbers in lower case, for search. */
  search_text: string
  description: string
  po_number: string | null
  invoice_number: string | null
  received_on: string | null
  service_from: string | null
  service_to: string | null
  basis: string
  basis_note: string | null
  amount_cents: number
  duplicate_note: string | null
  restricted_justification: string | null
  requester_id: number
  version: number
  created_at: string
  updated_at: string
  submitted_at: string | null
  site_approved_by: number | null
  site_approved_at: string | null
  approved_by: number | null
  approved_at: string | null
  last_reason: string | null
  journal_id: number | null
  posted_at: string | null
  cleared_cents: number
  written_off_cents: number
  /** Who may edit, submit or withdraw the request: its requester, or whom a controller handed it to (migration 0036). */
  holder_id: number | null
}

export interface AccrualLinesTable {
  accrual_id: number
  line_no: number
  account: string
  fund: string
  resource: string
  amount_cents: number
  /** 1 on the request's first line of this fund, so a sum counts the requests reaching a fund (migration 0027). */
  first_in_fund: number
  /** 1 on the request's first line of this resource. */
  first_in_resource: number
}

export interface AccrualVersionsTable {
  accrual_id: number
  version: number
  content: string
  saved_by: number
  saved_at: string
}

export interface AccrualLiquidationsTable {
  liquidation_id: Generated<number>
  accrual_id: number
  paid_on: string
  reference: string
  amount_cents: number
  recorded_by: number
  recorded_at: string
  /** What remained open on the accrual when the payment was recorded (migration 0036). */
  expected_cents: number | null
  /** Why the payment differs from what remained open. */
  variance_reason: string | null
}

/** A posted journal's lines as issued: every download reads these, never the requests (migration 0036). */
export interface AccrualJournalLinesTable {
  journal_id: number
  accrual_id: number
  seq: number
  entry: string
  journal_date: string
  site_code: string
  type: string
  account: string
  debit_cents: number
  credit_cents: number
  description: string
}

export interface AccrualNoticesTable {
  notice_key: string
  sent_at: string
}

// ---- Public Information (migration 0023) ----

export interface RecordsCountersTable {
  year: number
  last_sequence: number
}

export interface RecordsRequestsTable {
  request_id: Generated<number>
  number: string
  year: number
  sequence: number
  received_at: string
  /** The district-local calendar date received. */
  received_on: string
  channel: string
  requester_name: string
  requester_contact: string
  /** As received; never updated. */
  request_text: string
  clarified_text: string | null
  search_text: string
  state: string
  outcome: string | null
  counted_from: string
  after_hours: number
  day_ten: string
  determination_due_on: string
  /** The binding due date (the extended one once extended). */
  due_on: string
  clock_explanation: string
  extension_reason: string | null
  extension_days: number | null
  extended_due_on: string | null
  extension_explanation: string | null
  extended_by: number | null
  extended_at: string | null
  determined_on: string | null
  determined_at: string | null
  determined_by: number | null
  determined_on_time: number | null
  estimated_production_on: string | null
  determination_json: string | null
  point_person_id: number | null
  /** Who on the staff recorded it; null for a request the public filed through the portal. */
  created_by: number | null
  created_at: string
  produced_at: string | null
  closed_at: string | null
  closed_on: string | null
  reopened_at: string | null
  /** What the public archive shows of the request once closed, written by staff; never the requester's text. */
  public_summary: string | null
  public_summary_by: number | null
  public_summary_at: string | null
}

/** How to answer a request's requester, their private tracking link (a keyed hash), and the duplicate it resembles. */
export interface RecordsRequestersTable {
  request_id: number
  email: string | null
  postal_address: string | null
  preferred_format: string | null
  contact_key: string
  tracking_hash: string | null
  tracking_issued_at: string | null
  via_portal: number
  duplicate_of: number | null
  duplicate_dismissed_by: number | null
  duplicate_dismissed_at: string | null
}

export interface RecordsMessagesTable {
  message_id: Generated<number>
  request_id: number
  /** FROM_REQUESTER or TO_REQUESTER. */
  direction: string
  body: string
  author_id: number | null
  created_at: string
  mail_message_id: number | null
}

export interface RecordsDeliveriesTable {
  delivery_id: Generated<number>
  request_id: number
  letter_id: number
  /** EMAIL or POST. */
  channel: string
  recipient: string
  mail_message_id: number | null
  created_at: string
  mailed_on: string | null
  mailed_by: number | null
  mailed_at: string | null
}

export interface RecordsAssignmentsTable {
  assignment_id: Generated<number>
  request_id: number
  role: string
  user_id: number
  reason: string
  assigned_by: number
  assigned_at: string
}

export interface RecordsTasksTable {
  task_id: Generated<number>
  request_id: number
  assignee_id: number
  description: string
  state: string
  result: string | null
  created_by: number
  created_at: string
  done_at: string | null
}

export interface RecordsExemptionsTable {
  exemption_id: Generated<number>
  citation: string
  title: string
  description: string
  active: number
  created_by: number | null
  created_at: string
}

export interface RecordsDocumentsTable {
  document_id: Generated<number>
  request_id: number
  attachment_id: number
  page_count: number
  created_at: string
  /** Set once the custodian releases it to the requester (and, when closed, to the archive). */
  released_at: string | null
  released_by: number | null
}

export interface RecordsDocumentExemptionsTable {
  mark_id: Generated<number>
  document_id: number
  request_id: number
  from_page: number
  to_page: number
  exemption_id: number
  note: string | null
  marked_by: number
  marked_at: string
}

export interface RecordsLettersTable {
  letter_id: Generated<number>
  request_id: number
  kind: string
  state: string
  body: string
  created_by: number
  created_at: string
  signed_by: number | null
  signatory_title: string | null
  issued_at: string | null
  pdf: Buffer | null
}

export interface RecordsLetterDraftersTable {
  letter_id: number
  user_id: number
  drafted_at: string
}

export interface RecordsFeesTable {
  fee_id: Generated<number>
  request_id: number
  kind: string
  electronic_basis: string | null
  description: string
  quantity: number
  unit_cents: number
  amount_cents: number
  state: string
  recorded_by: number
  recorded_at: string
  settled_by: number | null
  settled_at: string | null
}

export interface RecordsTimeEntriesTable {
  entry_id: Generated<number>
  request_id: number
  user_id: number
  minutes: number
  activity: string
  worked_on: string
  note: string | null
  created_at: string
}

export interface RecordsNotesTable {
  note_id: Generated<number>
  request_id: number
  author_id: number
  note_text: string
  created_at: string
}

export interface RecordsLinksTable {
  link_id: Generated<number>
  request_id: number
  kind: string
  record_id: number
  label: string
  detail: string | null
  href: string
  linked_by: number
  linked_at: string
}

export interface RecordsHolidaysTable {
  holiday_date: string
  name: string
  updated_by: number | null
  updated_at: string
}

export interface RecordsSettingsTable {
  settings_id: number
  after_hours_rule: number
  business_hours_start: string
  business_hours_end: string
  /** Closed requests with a public summary are published (off by default). */
  public_archive: Generated<number>
  portal_intro: string | null
}

export interface RecordsAlertNoticesTable {
  request_id: number
  alert: string
  due_on: string
  sent_at: string
}

/** A saved report e-mailed on a schedule (migration 0043). */
export interface ReportSubscriptionsTable {
  subscription_id: Generated<number>
  report_id: number
  created_by: number | null
  created_at: string
  updated_at: string
  version: Generated<number>
  /** The report's parameter values as JSON. */
  parameters: string
  format: string
  frequency: string
  hour: number
  /** Weekly: '1,4' (0 is Sunday). */
  weekdays: string | null
  month_day: number | null
  paused: Generated<number>
  paused_by: number | null
  paused_at: string | null
  /** UTC; null while paused. */
  next_run_at: string | null
  last_run_at: string | null
}

export interface ReportSubscriptionRecipientsTable {
  subscription_id: number
  user_id: number
  added_at: string
  unsubscribed_at: string | null
}

/** One scheduled time of one subscription: unique, so it is made once whichever instance finds it due. */
export interface ReportSubscriptionRunsTable {
  run_id: Generated<number>
  subscription_id: number
  scheduled_for: string
  /** queued, running, done */
  state: string
  attempt: Generated<number>
  created_at: string
  started_at: string | null
  finished_at: string | null
}

/** One recipient's share of a run: unique, written with the e-mail it queues. */
export interface ReportSubscriptionDeliveriesTable {
  delivery_id: Generated<number>
  run_id: number
  user_id: number
  /** sent, notice, failed, unsubscribed */
  outcome: string
  /** attachment, link, file-link */
  sent_as: string | null
  rows: number | null
  size_bytes: number | null
  detail: string | null
  message_id: number | null
  export_job_id: number | null
  created_at: string
}

export interface Database {
  organizations: OrganizationsTable
  roles: RolesTable
  applications: ApplicationsTable
  users: UsersTable
  user_permissions: UserPermissionsTable
  user_search_terms: UserSearchTermsTable
  login_challenges: LoginChallengesTable
  sessions: SessionsTable
  rate_limits: RateLimitsTable
  audit_log: AuditLogTable
  audit_chain_head: AuditChainHeadTable
  audit_checkpoints: AuditCheckpointsTable
  finance_sites: FinanceSitesTable
  finance_site_accounts: FinanceSiteAccountsTable
  finance_segment_values: FinanceSegmentValuesTable
  finance_accounts: FinanceAccountsTable
  finance_duties: FinanceDutiesTable
  finance_exceptions: FinanceExceptionsTable
  finance_participants: FinanceParticipantsTable
  finance_attachments: FinanceAttachmentsTable
  receipt_counters: ReceiptCountersTable
  receipts: ReceiptsTable
  receipt_lines: ReceiptLinesTable
  receipt_deposits: ReceiptDepositsTable
  receipt_journal_lines: ReceiptJournalLinesTable
  receipt_deposit_counts: ReceiptDepositCountsTable
  receipt_corrections: ReceiptCorrectionsTable
  receipt_correction_lines: ReceiptCorrectionLinesTable
  receipt_clock_notices: ReceiptClockNoticesTable
  accrual_cycles: AccrualCyclesTable
  accrual_journals: AccrualJournalsTable
  accrual_journal_lines: AccrualJournalLinesTable
  accruals: AccrualsTable
  accrual_lines: AccrualLinesTable
  accrual_versions: AccrualVersionsTable
  accrual_liquidations: AccrualLiquidationsTable
  accrual_notices: AccrualNoticesTable
  mail_messages: MailMessagesTable
  mail_templates: MailTemplatesTable
  settings: SettingsTable
  server_state_changes: ServerStateChangesTable
  dsa_projects: DsaProjectsTable
  dsa_scrape_runs: DsaScrapeRunsTable
  job_leases: JobLeasesTable
  devices: DevicesTable
  sso_states: SsoStatesTable
  reports: ReportsTable
  report_versions: ReportVersionsTable
  report_uploads: ReportUploadsTable
  report_export_jobs: ReportExportJobsTable
  report_export_chunks: ReportExportChunksTable
  records_counters: RecordsCountersTable
  records_requests: RecordsRequestsTable
  records_assignments: RecordsAssignmentsTable
  records_tasks: RecordsTasksTable
  records_exemptions: RecordsExemptionsTable
  records_documents: RecordsDocumentsTable
  records_document_exemptions: RecordsDocumentExemptionsTable
  records_letters: RecordsLettersTable
  records_letter_drafters: RecordsLetterDraftersTable
  records_fees: RecordsFeesTable
  records_time_entries: RecordsTimeEntriesTable
  records_notes: RecordsNotesTable
  records_links: RecordsLinksTable
  records_holidays: RecordsHolidaysTable
  records_settings: RecordsSettingsTable
  records_alert_notices: RecordsAlertNoticesTable
  records_requesters: RecordsRequestersTable
  records_messages: RecordsMessagesTable
  records_deliveries: RecordsDeliveriesTable
  report_subscriptions: ReportSubscriptionsTable
  report_subscription_recipients: ReportSubscriptionRecipientsTable
  report_subscription_runs: ReportSubscriptionRunsTable
  report_subscription_deliveries: ReportSubscriptionDeliveriesTable
}
