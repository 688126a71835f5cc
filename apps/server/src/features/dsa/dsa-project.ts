import type { DsaProject } from '@platform/contracts/dsa'
import type { ExportRow } from './dsa.repository.js'

/** A stored project as the list and the export show it: fresh when scraped since `freshSince` and not marked stale. */
export function toProject(row: ExportRow, freshSince: string): DsaProject {
  return {
    id: row.id,
    clientId: row.client_id,
    projectNumber: row.project_number,
    projectLink: row.project_link,
    projectName: row.project_name,
    projectStatus: row.project_status as DsaProject['projectStatus'],
    projectType: row.project_type,
    constructionCost: row.construction_cost,
    costSource: row.cost_source as DsaProject['costSource'],
    estimatedAmount: row.estimated_amount,
    contractedAmount: row.contracted_amount,
    changeAmount: row.change_amount,
    finalCost: row.final_cost,
    receivedDate: row.received_date,
    approvedDate: row.approved_date,
    closedDate: row.closed_date,
    voidDate: row.void_date,
    certificationLetter: row.certification_letter,
    certificationDate: row.certification_date,
    city: row.city,
    ptn: row.ptn,
    scrapedAt: row.scraped_at,
    dataFreshness: row.stale === 0 && row.scraped_at >= freshSince ? 'FRESH' : 'STALE',
  }
}
