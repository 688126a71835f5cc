import type { Core, FeatureModule } from '../../core.js'
import type { AccrualsService } from '../accruals/accruals.service.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { ReceiptsService } from '../receipts/receipts.service.js'
import { accrualsFiscalSource, receiptsFiscalSource } from './fiscal-sources.js'
import { createRecordsAccess } from './records-access.js'
import { createRecordsCalendarRepository } from './records-calendar.repository.js'
import { createRecordsCalendarService } from './records-calendar.service.js'
import { createRecordsContext } from './records-context.js'
import { createRecordsDeliveriesRepository } from './records-deliveries.repository.js'
import { createRecordsLettersService } from './records-letters.service.js'
import { createRecordsMailingsService } from './records-mailings.service.js'
import { recordsMailingsRoutes } from './records-mailings.routes.js'
import { createRecordsRequesterRepository } from './records-requester.repository.js'
import { createRecordsPortalRepository } from './portal/records-portal.repository.js'
import { recordsPortalRoutes } from './portal/records-portal.routes.js'
import { createRecordsPortalService } from './portal/records-portal.service.js'
import { createRecordsOversightService, createRecordsOverview } from './records-oversight.service.js'
import { createRecordsOverviewRepository } from './records-overview.repository.js'
import { createRecordsRepository } from './records.repository.js'
import { recordsRoutes } from './records.routes.js'
import { createRecordsService } from './records.service.js'
import { REQUEST_RECORD_TYPE, createRecordsWorkService } from './records-work.service.js'
import { createRecordsWorkRepository } from './records-work.repository.js'

/**
 * Public Information: records requests with their statutory clock, the work on them, letters and the district's
 * calendar. Requests belong to the district; the duty table is checked on each request by the services. The fiscal
 * records a request may cite come from Payment Receipts and Accruals, as each person may see them there.
 */
export function recordsModule(
  core: Core,
  { finance, receipts, accruals }: { finance: FinanceService; receipts: ReceiptsService; accruals: AccrualsService },
): FeatureModule & { overview: ReturnType<typeof createRecordsOverview> } {
  const { db, audit, clock, config, users } = core
  const workRepository = createRecordsWorkRepository(db)
  const calendarRepository = createRecordsCalendarRepository(db)
  const access = createRecordsAccess({ finance, isAssigned: (requestId, userId) => workRepository.isAssigned(requestId, userId) })
  const context = createRecordsContext({
    requests: createRecordsRepository(db),
    work: workRepository,
    calendar: calendarRepository,
    requesters: createRecordsRequesterRepository(db),
    deliveries: createRecordsDeliveriesRepository(db),
    finance,
    access,
    audit,
    clock,
    mail: core.email,
    appUrl: config.appUrl,
    districtName: config.mail.districtName,
    secret: core.secret,
  })
  const records = createRecordsService(context)
  const work = createRecordsWorkService(context)
  const letters = createRecordsLettersService(context, { districtName: config.mail.districtName })
  const mailings = createRecordsMailingsService(context)
  const portal = createRecordsPortalService(context, { records, portal: createRecordsPortalRepository(db), limiter: core.limiter })
  const calendar = createRecordsCalendarService({
    calendar: calendarRepository,
    access,
    audit,
    clock,
    districtTimeZone: config.districtTimeZone,
  })
  const oversight = createRecordsOversightService(context, {
    appUrl: config.appUrl,
    coordinatorEmails: async () => [
      ...new Set((await calendarRepository.people()).filter((person) => person.duty === 'COORDINATOR').map((person) => person.email)),
    ],
    emailOf: async (userId) => (await users.findById(userId))?.email ?? null,
    enqueueMail: (mail) => core.email.enqueue({ kind: 'records_due', ...mail, secrets: [] }),
  })
  finance.registerQueueProvider((user) => oversight.queueFor(user))
  finance.registerAttachmentAccess('PUBLIC_INFO', REQUEST_RECORD_TYPE, (user, recordId, mode) => work.fileAccess(user, recordId, mode))
  work.registerFiscalSource(
    receiptsFiscalSource({ list: (query, user) => receipts.list(query, user), detail: (id, user) => receipts.detail(id, user) }),
  )
  work.registerFiscalSource(
    accrualsFiscalSource({ list: (query, user) => accruals.list(query, user), detail: (id, user) => accruals.detail(id, user) }),
  )
  return {
    overview: createRecordsOverview({ overview: createRecordsOverviewRepository(db), finance, clock }),
    async routes(api) {
      await api.register(recordsRoutes, { records, work, letters, oversight, calendar })
      await api.register(recordsMailingsRoutes, { mailings })
      await api.register(recordsPortalRoutes, { portal })
    },
    maintenance: () => oversight.sendDueAlerts(),
  }
}
