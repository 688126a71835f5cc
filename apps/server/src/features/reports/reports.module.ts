import type { Core, FeatureModule } from '../../core.js'
import type { AuthUser } from '../../plugins/access.js'
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
import { createSubscriptionDelivery } from './subscriptions/subscription-delivery.js'
import { createSubscriptionScheduler, keepSchedulerOf } from './subscriptions/subscription-scheduler.js'
import { createSubscriptionsRepository } from './subscriptions/subscriptions.repository.js'
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes.js'
import { createSubscriptionsService } from './subscriptions/subscriptions.service.js'

/**
 * Reports Studio: the catalogue of datasets (uploaded files and the applications' own), running and exporting
 * reports, export jobs written by one instance in the background, and subscriptions delivered on a schedule.
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
  const exportJobsRepository = createExportJobsRepository(db)
  const holdsReportsStudio = (user: AuthUser) => core.holdsApplication(user, 'REPORTS_STUDIO')
  const exportJobs = createExportJobsService({
    jobs: exportJobsRepository,
    leases: core.jobLeases,
    reports,
    exportThreads,
    clock,
    inTransaction,
    findOwner: (userId) => users.findById(userId),
    holdsReportsStudio,
    enqueueNotice: (notice, trx) => core.email.enqueue({ kind: 'report_export_ready', ...notice, secrets: [] }, trx),
    appUrl: config.appUrl,
    timeZone: config.districtTimeZone,
    onError: (error, what) => app.log.error({ err: error }, `report export job: ${what} failed`),
  })
  exportJobs.startPolling()
  // Jobs being written stop before the database closes; their leases run out and another instance takes them.
  app.addHook('onClose', () => exportJobs.close())

  const subscriptionsRepository = createSubscriptionsRepository(db)
  const subscriptions = createSubscriptionsService({
    subscriptions: subscriptionsRepository,
    reports,
    catalogue,
    findPeople: (userIds) => users.findByIds(userIds),
    searchActivePeople: async (search, limit) =>
      (await users.list({ search, status: 'active', sort: 'name', limit, offset: 0 })).rows.map((person) => person.user_id),
    holdsReportsStudio,
    audit,
    clock,
    inTransaction,
    secret: core.secret,
    timeZone: config.districtTimeZone,
  })
  const subscriptionScheduler = createSubscriptionScheduler({
    subscriptions: subscriptionsRepository,
    delivery: createSubscriptionDelivery({
      db,
      subscriptions: subscriptionsRepository,
      exportJobs: exportJobsRepository,
      reports,
      exportThreads,
      findPerson: (userId) => users.findById(userId),
      holdsReportsStudio,
      enqueue: (mail, trx) => core.email.enqueue(mail, trx),
      clock,
      inTransaction,
      secret: core.secret,
      appUrl: config.appUrl,
      timeZone: config.districtTimeZone,
      attachmentLimitBytes: config.mail.attachmentLimitBytes,
      onError: (error, what) => app.log.error({ err: error }, `report subscription: ${what} failed`),
    }),
    leases: core.jobLeases,
    clock,
    inTransaction,
    timeZone: config.districtTimeZone,
    onError: (error, what) => app.log.error({ err: error }, `report subscription: ${what} failed`),
  })
  subscriptionScheduler.start()
  keepSchedulerOf(app, subscriptionScheduler)
  // A run being delivered stops after its current recipient; its lease runs out and another instance finishes it.
  app.addHook('onClose', () => subscriptionScheduler.close())
  const module: FeatureModule = {
    async routes(api) {
      await api.register(reportsRoutes, { reports, catalogue, exportThreads, exportJobs, downloads })
      await api.register(exportJobsRoutes, { exportJobs })
      await api.register(uploadsRoutes, { uploads })
      await api.register(subscriptionsRoutes, { subscriptions })
    },
    // Export files kept past their day, and runs of subscriptions past their history's length.
    maintenance: async () => {
      await exportJobs.sweepExpired()
      await subscriptionScheduler.sweepOldRuns()
    },
  }
  return module
}
