/** Where Accruals lives in the web app; e-mail links and My queue point under it. */
export const ACCRUALS_BASE = '/apps/accruals'

export const requestPath = (id: number) => `${ACCRUALS_BASE}/requests/${id}`
export const editRequestPath = (id: number) => `${ACCRUALS_BASE}/requests/${id}/edit`
export const NEW_REQUEST_PATH = `${ACCRUALS_BASE}/requests/new`
