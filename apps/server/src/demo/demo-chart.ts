/**
 * A small, plausible SACS chart for the demo district. Object codes follow the California School Accounting Manual;
 * verify them against the current SACS chart before relying on them.
 */
export const DEMO_CHART_CSV = `segment,value,name,active
FUND,01,General Fund,true
FUND,13,Cafeteria Special Revenue Fund,true
RESOURCE,0000,Unrestricted,true
RESOURCE,5310,Child Nutrition: School Programs,true
RESOURCE,1100,Lottery: Unrestricted,true
RESOURCE,3010,Title I Basic Grant,true
PROJECT_YEAR,0,Not applicable,true
GOAL,0000,Undistributed,true
GOAL,1110,Regular Education K-12,true
FUNCTION,0000,Not applicable,true
FUNCTION,1000,Instruction,true
FUNCTION,3700,Food Services,true
OBJECT,9110,Cash in County Treasury,true
OBJECT,9120,Cash in Bank (Clearing),true
OBJECT,8634,Food Service Sales,true
OBJECT,8650,Leases and Rentals,true
OBJECT,8699,All Other Local Revenue,true
OBJECT,8689,All Other Fees and Contracts,true
OBJECT,8560,State Lottery Revenue,true
OBJECT,1100,Teachers' Salaries,true
OBJECT,4300,Materials and Supplies,true
OBJECT,5500,Operations and Housekeeping Services,true
OBJECT,5800,Professional Services,true
OBJECT,9200,Accounts Receivable,true
OBJECT,9500,Accounts Payable,true
OBJECT,9650,Unearned Revenue,true
SCHOOL,000,District-wide,true
SCHOOL,010,Lincoln High School,true
SCHOOL,020,Madison Middle School,true
SCHOOL,030,Roosevelt Elementary,true
SCHOOL,099,Closed site (Jefferson),false
ACCOUNT,01-0000-0-0000-0000-9110-000,,true
ACCOUNT,13-5310-0-0000-0000-9120-000,,true
ACCOUNT,01-0000-0-1110-1000-8699-010,,true
ACCOUNT,01-0000-0-1110-1000-8699-020,,true
ACCOUNT,01-0000-0-1110-1000-8699-030,,true
ACCOUNT,01-0000-0-0000-0000-8650-010,,true
ACCOUNT,01-0000-0-1110-1000-8689-010,,true
ACCOUNT,13-5310-0-0000-3700-8634-010,,true
ACCOUNT,13-5310-0-0000-3700-8634-020,,true
ACCOUNT,13-5310-0-0000-3700-8634-030,,true
ACCOUNT,01-0000-0-1110-1000-4300-010,,true
ACCOUNT,01-0000-0-1110-1000-4300-020,,true
ACCOUNT,01-0000-0-1110-1000-4300-030,,true
ACCOUNT,01-0000-0-1110-1000-1100-010,,true
ACCOUNT,01-0000-0-0000-0000-5500-000,,true
ACCOUNT,01-3010-0-1110-1000-5800-010,,true
ACCOUNT,01-1100-0-0000-0000-8560-000,,true
ACCOUNT,01-0000-0-0000-0000-9200-000,,true
ACCOUNT,01-0000-0-0000-0000-9500-000,,true
ACCOUNT,01-0000-0-0000-0000-9650-000,,true
ACCOUNT,01-0000-0-0000-0000-8699-000,,true
ACCOUNT,13-5310-0-0000-0000-8699-000,,true
`

export const DEMO_SITES = [
  {
    code: 'LHS',
    schoolSegment: '010',
    name: 'Lincoln High School',
    kind: 'SCHOOL' as const,
    active: true,
    depositFrequencyDays: 7,
    depositThresholdCents: 50_000,
  },
  {
    code: 'MMS',
    schoolSegment: '020',
    name: 'Madison Middle School',
    kind: 'SCHOOL' as const,
    active: true,
    depositFrequencyDays: 7,
    depositThresholdCents: 50_000,
  },
  {
    code: 'RES',
    schoolSegment: '030',
    name: 'Roosevelt Elementary',
    kind: 'SCHOOL' as const,
    active: true,
    depositFrequencyDays: 30,
    depositThresholdCents: 20_000,
  },
]

export const DEMO_POSTING_ACCOUNTS = {
  cashAccounts: { '01': '01-0000-0-0000-0000-9110-000', '13': '13-5310-0-0000-0000-9120-000' },
  clearingAccounts: { '13': '13-5310-0-0000-0000-9120-000' },
  // A deposit counted over or short posts the difference district-wide to All Other Local Revenue (the district's choice).
  overShortAccounts: { '01': '01-0000-0-0000-0000-8699-000', '13': '13-5310-0-0000-0000-8699-000' },
  // The accrual account of each type: payables and payroll in the 9500 series, receivables 9200, unearned revenue 9650.
  accrualAccounts: {
    PAYABLE: '01-0000-0-0000-0000-9500-000',
    PAYROLL: '01-0000-0-0000-0000-9500-000',
    RECEIVABLE: '01-0000-0-0000-0000-9200-000',
    UNEARNED_REVENUE: '01-0000-0-0000-0000-9650-000',
  },
}

/**
 * The demo's people and their duties (site codes; null: every site). Nobody is COUNTER and COLLECTOR at one site.
 * Payment Receipts and the other applications add their own records in their own demo modules.
 */
export const DEMO_PEOPLE = [
  {
    email: 'collector.lhs@demo.district.test',
    fullName: 'Carla Collector',
    duties: [{ app: 'PAYMENT_RECEIPTS', duty: 'COLLECTOR', sites: ['LHS'] }],
  },
  {
    email: 'collector.mms@demo.district.test',
    fullName: 'Marco Collector',
    duties: [{ app: 'PAYMENT_RECEIPTS', duty: 'COLLECTOR', sites: ['MMS', 'RES'] }],
  },
  {
    email: 'counter@demo.district.test',
    fullName: 'Cole Counter',
    duties: [{ app: 'PAYMENT_RECEIPTS', duty: 'COUNTER', sites: ['LHS', 'MMS', 'RES'] }],
  },
  { email: 'approver@demo.district.test', fullName: 'Amy Approver', duties: [{ app: 'PAYMENT_RECEIPTS', duty: 'APPROVER', sites: null }] },
  {
    email: 'reconciler@demo.district.test',
    fullName: 'Rita Reconciler',
    duties: [{ app: 'PAYMENT_RECEIPTS', duty: 'RECONCILER', sites: null }],
  },
  { email: 'viewer@demo.district.test', fullName: 'Vic Viewer', duties: [{ app: 'PAYMENT_RECEIPTS', duty: 'VIEWER', sites: ['LHS'] }] },
  {
    email: 'accruals@demo.district.test',
    fullName: 'Rosa Requester',
    duties: [
      { app: 'ACCRUALS', duty: 'REQUESTER', sites: ['LHS'] },
      { app: 'ACCRUALS', duty: 'VIEWER', sites: null },
    ],
  },
  {
    email: 'fiscal@demo.district.test',
    fullName: 'Fred Fiscal',
    duties: [
      { app: 'ACCRUALS', duty: 'FISCAL_REVIEWER', sites: null },
      { app: 'ACCRUALS', duty: 'CONTROLLER', sites: null },
    ],
  },
  {
    email: 'records@demo.district.test',
    fullName: 'Cora Coordinator',
    duties: [
      { app: 'PUBLIC_INFO', duty: 'COORDINATOR', sites: null },
      { app: 'PUBLIC_INFO', duty: 'CUSTODIAN', sites: ['LHS'] },
    ],
  },
  {
    email: 'counsel@demo.district.test',
    fullName: 'Cass Counsel',
    duties: [
      { app: 'PUBLIC_INFO', duty: 'COUNSEL', sites: null },
      { app: 'PUBLIC_INFO', duty: 'SIGNATORY', sites: null },
    ],
  },
]
