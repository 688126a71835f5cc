import type { Generated } from 'kysely'

// Column names are snake_case in SQL and in TypeScript alike: the API speaks the same names (SPEC.md §3).
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
  locked_until: string | null
  smtp_response: string | null
  updated_at: string | null
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
  mail_messages: MailMessagesTable
  mail_templates: MailTemplatesTable
  settings: SettingsTable
  server_state_changes: ServerStateChangesTable
  dsa_projects: DsaProjectsTable
  dsa_scrape_runs: DsaScrapeRunsTable
  devices: DevicesTable
  sso_states: SsoStatesTable
  reports: ReportsTable
  report_versions: ReportVersionsTable
  report_uploads: ReportUploadsTable
}
