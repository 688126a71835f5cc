import type { Core, FeatureModule } from '../../core.js'
import type { Downloads } from '../../downloads/downloads.js'
import { createCatalogue } from './catalogue/catalogue.js'
import type { CatalogueDataset } from './catalogue/dataset.js'
import { createReportQueryRunner } from './engine/query-runner.js'
import { createExportJobsRepository } from './export-jobs/export-jobs.repository.js'
import { exportJobsRoutes } from './export-jobs/export-jobs.routes.js'
import { createExportJobsService } from './export-jobs/export-jobs.service.js'
import { createExportThreads } from './exports/export-thread.js'
import { createReportsRepository } from './reports.repository.js'
import { reportsRoutes } from './reports.routes.js'
import { createReportsService } from './reports.service.js'
import { createUploadsRepository } from './uploads/uploads.repository.js'
import { uploadsRoutes } from './uploads/uploads.routes.js'
import { createUploadsService } from './uploads/uploads.service.js'

/**
 * Reports Studio: the catalogue of datasets (uploaded files and the applications' own), running and exporting
 * reports, and export jobs written by one instance in the background.
 */
export function reportsModule(
  core: Core,
  { downloads, applicationDatasets }: { downloads: Downloads; applicationDatasets: CatalogueDataset[] },
) {
  const { app, config, db, audit, clock, inTransaction, users } = core
  const uploads = createUploadsService({ uploads: createUploadsRepository(db), audit, clock })
  const catalogue = createCatalogue({
    uploads: () => uploads.catalogue(),
    applicationDatasets,
    holdsApplication: core.holdsApplication,
  })
  const reportQueries = createReportQueryRunner(db, db.file, {
    interactiveMs: config.reports.queryTimeoutMs,
    exportMs: config.reports.exportTimeoutMs,
  })
  app.addHook('onClose', () => reportQueries.close())
  const exportThreads = createExportThreads({ db })
  const reports = createReportsService({
    reports: createReportsRepository(db, config.districtTimeZone),
    catalogue,
    audit,
    clock,
    inTransaction,
    runQuery: (kind) => reportQueries.runner(kind),
    timeZone: config.districtTimeZone,
  })
  const exportJobs = createExportJobsService({
    jobs: createExportJobsRepository(db),
    leases: core.jobLeases,
    reports,
    exportThreads,
    clock,
    inTransaction,
    findOwner: (userId) => users.findById(userId),
    holdsReportsStudio: (user) => core.holdsApplication(user, 'REPORTS_STUDIO'),
    enqueueNotice: (notice, trx) => core.email.enqueue({ kind: 'report_export_ready', ...notice, secrets: [] }, trx),
    appUrl: config.appUrl,
    timeZone: config.districtTimeZone,
    onError: (error, what) => app.log.error({ err: error }, `report export job: ${what} failed`),
  })
  exportJobs.startPolling()
  // Jobs being written stop before the database closes; their leases run out and another instance takes them.
  app.addHook('onClose', () => exportJobs.close())
  const module: FeatureModule = {
    async routes(api) {
      await api.register(reportsRoutes, { reports, catalogue, exportThreads, exportJobs, downloads })
      await api.register(exportJobsRoutes, { exportJobs })
      await api.register(uploadsRoutes, { uploads })
    },
    // Export files kept past their day.
    maintenance: () => exportJobs.sweepExpired(),
  }
  return module
}
