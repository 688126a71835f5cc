// What the fiscal applications (Payment Receipts, Accruals, Public Information) use of finance: the district's sites
// and the account picker. Another feature imports finance only through this file (eslint.config.js).
export { useSites } from './api/finance'
export { AccountPicker } from './components/account-picker'
