import { expect, type APIRequestContext } from '@playwright/test'
import { uniqueEmail } from './platform.js'
import { bearer } from './screens.js'

/** The duties of Public Information; requests belong to the district, so always for every site. */
export type RecordsDuty = 'COORDINATOR' | 'CUSTODIAN' | 'COUNSEL' | 'SIGNATORY' | 'VIEWER'

/**
 * Creates a staff member holding Public Information with these duties, through User Management's own call (the
 * server checks the duties as it would for an administrator's form), and returns their address.
 */
export async function createRecordsPerson(
  request: APIRequestContext,
  adminToken: string,
  fullName: string,
  duties: RecordsDuty[],
): Promise<string> {
  const headers = bearer(adminToken)
  const apps = (await (await request.get('/api/metaapps', { headers })).json()) as { data: { app_id: number; app_code: string }[] }
  const orgs = (await (await request.get('/api/metaorgs', { headers })).json()) as { data: { org_id: number }[] }
  const roles = (await (await request.get('/api/metaroles', { headers })).json()) as { data: { role_id: number; role_code: string }[] }
  const appId = (code: string) => apps.data.find((app) => app.app_code === code)!.app_id
  const email = uniqueEmail(fullName.split(' ')[0]!.toLowerCase())
  const created = await request.post('/api/createuser', {
    headers,
    data: {
      email,
      fullName,
      organizationId: orgs.data[0]!.org_id,
      roleId: roles.data.find((role) => role.role_code === 'STAFF')!.role_id,
      permissions: [{ appId: appId('DASHBOARD') }, { appId: appId('PUBLIC_INFO') }],
      duties: duties.map((duty) => ({ appId: appId('PUBLIC_INFO'), duty, siteIds: null })),
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  return email
}

/** A PDF of `pages` pages, each saying its number: a record whose pages an exemption can name. */
export async function pagedPdf(pages: number, title: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit')
  const document = new PDFDocument({ autoFirstPage: false })
  const chunks: Buffer[] = []
  document.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<void>((resolve) => document.on('end', () => resolve()))
  for (let page = 1; page <= pages; page++) document.addPage().fontSize(14).text(`${title}, page ${page} of ${pages}`)
  document.end()
  await finished
  return Buffer.concat(chunks)
}

/** The text of every page of a PDF, each page's pieces joined by spaces. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await document.destroy()
  return pages.join('\n').replace(/\s+/g, ' ')
}
