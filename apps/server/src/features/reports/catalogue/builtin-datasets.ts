import { sql } from 'kysely'
import { idField } from '../../../db/dataset-fields.js'
import { districtDateOf, districtWeekOf } from '../../../db/sql-fragments.js'
import type { CatalogueDataset, CatalogueField } from './dataset.js'

/** 'Active' or 'Inactive', from a 0/1 flag. */
const activeOrNot = (flag: string) => sql<string>`case when ${sql.ref(flag)} = 1 then 'Active' else 'Inactive' end`

/** Who a row is about: the person's email, name and organization; read by `ROW_PERSON_COLUMNS`. */
const ROW_PERSON_FIELDS: CatalogueField[] = [
  { name: 'email', label: 'Email', type: 'string' },
  { name: 'full_name', label: 'Name', type: 'string' },
  { name: 'organization', label: 'Organization', type: 'string' },
]

/** The `ROW_PERSON_FIELDS` columns, from `users` joined to `organizations`. */
const ROW_PERSON_COLUMNS = ['users.email', 'users.full_name', 'organizations.org_name as organization'] as const

/** The datasets defined in code. New ones are added here and reviewed like any code. */
export const BUILTIN_DATASETS: CatalogueDataset[] = [
  {
    id: 'dsa_projects',
    label: 'DSA projects',
    description: 'Construction projects read from the DSA tracker, with their derived status and costs.',
    kind: 'builtin',
    access: { application: 'DSA_TRACKER' },
    key: 'id',
    fields: [
      idField('id'),
      { name: 'client_id', label: 'Client', type: 'string' },
      { name: 'project_number', label: 'Project number', type: 'string' },
      { name: 'project_name', label: 'Project name', type: 'string' },
      { name: 'project_status', label: 'Status', type: 'string' },
      { name: 'project_type', label: 'Project type', type: 'string' },
      { name: 'city', label: 'City', type: 'string' },
      { name: 'construction_cost', label: 'Construction cost', type: 'money', groupable: false },
      { name: 'cost_source', label: 'Cost source', type: 'string' },
      { name: 'estimated_amount', label: 'Estimated amount', type: 'money', groupable: false },
      { name: 'contracted_amount', label: 'Contracted amount', type: 'money', groupable: false },
      { name: 'change_amount', label: 'Change documents amount', type: 'money', groupable: false },
      { name: 'final_cost', label: 'Final cost', type: 'money', groupable: false },
      { name: 'received_date', label: 'Received', type: 'date' },
      { name: 'received_year', label: 'Year received', type: 'string' },
      { name: 'approved_date', label: 'Approved', type: 'date' },
      { name: 'closed_date', label: 'Closed', type: 'date' },
      { name: 'certification_letter', label: 'Certification letter', type: 'string' },
      { name: 'scraped_at', label: 'Last scraped', type: 'datetime' },
    ],
    source: (k) =>
      k
        .selectFrom('dsa_projects')
        .select([
          'id',
          'client_id',
          'project_number',
          'project_name',
          'project_status',
          'project_type',
          'city',
          'construction_cost',
          'cost_source',
          'estimated_amount',
          'contracted_amount',
          'change_amount',
          'final_cost',
          'received_date',
          sql<string>`substr(received_date, 1, 4)`.as('received_year'),
          'approved_date',
          'closed_date',
          'certification_letter',
          'scraped_at',
        ]) as never,
  },
  {
    id: 'dsa_scrape_logs',
    label: 'DSA scrape logs',
    description: 'Every scrape of the DSA tracker: when, which client, how it ended and what it found.',
    kind: 'builtin',
    access: { application: 'DSA_TRACKER' },
    key: 'id',
    fields: [
      { name: 'id', label: 'Run', type: 'integer', groupable: false },
      { name: 'client_id', label: 'Client', type: 'string' },
      { name: 'status', label: 'Status', type: 'string' },
      { name: 'trigger', label: 'Started by', type: 'string' },
      { name: 'started_at', label: 'Started', type: 'datetime' },
      { name: 'started_date', label: 'Day', type: 'date' },
      { name: 'finished_at', label: 'Finished', type: 'datetime' },
      { name: 'pages_fetched', label: 'Pages fetched', type: 'integer', groupable: false },
      { name: 'projects_found', label: 'Projects found', type: 'integer', groupable: false },
      { name: 'projects_saved', label: 'Projects saved', type: 'integer', groupable: false },
      { name: 'projects_updated', label: 'Projects updated', type: 'integer', groupable: false },
      { name: 'error', label: 'Error', type: 'string', groupable: false },
    ],
    source: (k, dialect, timeZone) =>
      k
        .selectFrom('dsa_scrape_runs')
        .select([
          'id',
          'client_id',
          'status',
          'trigger',
          'started_at',
          districtDateOf('started_at', dialect, timeZone).as('started_date'),
          'finished_at',
          'pages_fetched',
          'projects_found',
          'projects_saved',
          'projects_updated',
          'error',
        ]) as never,
  },
  {
    id: 'users',
    label: 'Users',
    description: 'Everyone with an account, with their organisation and role (administrators only).',
    kind: 'builtin',
    access: 'admin',
    key: 'user_id',
    fields: [
      idField('user_id'),
      ...ROW_PERSON_FIELDS,
      { name: 'org_code', label: 'Organization code', type: 'string' },
      { name: 'role', label: 'Role', type: 'string' },
      { name: 'role_code', label: 'Role code', type: 'string' },
      { name: 'status', label: 'Status', type: 'string' },
      { name: 'last_login', label: 'Last sign-in', type: 'datetime' },
      { name: 'created_at', label: 'Created', type: 'datetime' },
    ],
    source: (k) =>
      k
        .selectFrom('users')
        .innerJoin('organizations', 'organizations.org_id', 'users.organization_id')
        .innerJoin('roles', 'roles.role_id', 'users.role_id')
        .select([
          'users.user_id',
          ...ROW_PERSON_COLUMNS,
          'organizations.org_code',
          'roles.role_name as role',
          'roles.role_code',
          activeOrNot('users.is_active').as('status'),
          'users.last_login',
          'users.created_at',
        ]) as never,
  },
  {
    id: 'application_grants',
    label: 'Applications and grants',
    description: 'Which person holds which application, granted when and by whom (administrators only).',
    kind: 'builtin',
    access: 'admin',
    key: 'grant_key',
    fields: [
      { name: 'grant_key', label: 'Grant', type: 'string', groupable: false },
      { name: 'app_code', label: 'Application code', type: 'string' },
      { name: 'app_name', label: 'Application', type: 'string' },
      { name: 'category', label: 'Category', type: 'string' },
      { name: 'app_status', label: 'Application status', type: 'string' },
      ...ROW_PERSON_FIELDS,
      { name: 'permission_level', label: 'Permission', type: 'string' },
      { name: 'granted_at', label: 'Granted', type: 'datetime' },
    ],
    source: (k) =>
      k
        .selectFrom('user_permissions')
        .innerJoin('users', 'users.user_id', 'user_permissions.user_id')
        .innerJoin('organizations', 'organizations.org_id', 'users.organization_id')
        .innerJoin('applications', 'applications.app_id', 'user_permissions.app_id')
        .select([
          sql<string>`cast(user_permissions.user_id as text) || '-' || cast(user_permissions.app_id as text)`.as('grant_key'),
          'applications.app_code',
          'applications.app_name',
          'applications.category',
          activeOrNot('applications.is_active').as('app_status'),
          ...ROW_PERSON_COLUMNS,
          'user_permissions.permission_level',
          'user_permissions.granted_at',
        ]) as never,
  },
  {
    id: 'audit_log',
    label: 'Audit log',
    description: 'Sign-ins and administrative changes, one row per event (administrators only).',
    kind: 'builtin',
    access: 'admin',
    key: 'audit_id',
    fields: [
      idField('audit_id'),
      { name: 'occurred_at', label: 'When', type: 'datetime' },
      { name: 'occurred_date', label: 'Day', type: 'date' },
      { name: 'occurred_week', label: 'Week', type: 'date' },
      { name: 'action', label: 'Action', type: 'string' },
      { name: 'outcome', label: 'Outcome', type: 'string' },
      { name: 'email', label: 'Email', type: 'string' },
      { name: 'target_type', label: 'Target type', type: 'string' },
      { name: 'target_id', label: 'Target', type: 'string' },
      { name: 'ip', label: 'Network address', type: 'string' },
    ],
    source: (k, dialect, timeZone) =>
      k
        .selectFrom('audit_log')
        .select([
          'audit_id',
          'occurred_at',
          districtDateOf('occurred_at', dialect, timeZone).as('occurred_date'),
          districtWeekOf('occurred_at', dialect, timeZone).as('occurred_week'),
          'action',
          'outcome',
          'email',
          'target_type',
          'target_id',
          'ip',
        ]) as never,
  },
]
