import { dayInWords } from '@platform/contracts/records-clock'
import {
  MAX_DESCRIPTION_LENGTH,
  NEW_LINK_SENT,
  type PortalRequestInput,
  type TrackingInput,
  defaultPortalIntro,
  trackingPath,
} from '@platform/contracts/records-portal'
import type { RateLimiter } from '../../../db/rate-limiter.js'
import { hmac, randomToken, safeEqual } from '../../../lib/crypto.js'
import { normalizeEmail } from '../../../lib/email-address.js'
import { AppError } from '../../../lib/errors.js'
import type { RecordsContext } from '../records-context.js'
import { requesterFromPortal } from '../records-requester.js'
import type { RecordsService } from '../records.service.js'
import { createPortalArchive } from './records-portal-archive.js'
import { createPortalLimits } from './records-portal-limits.js'
import type { PortalRequestRow, RecordsPortalRepository } from './records-portal.repository.js'
import { linkValidUntil, trackingView } from './records-portal-view.js'

/** One answer for a link that never was, was replaced or has expired: the answer tells nobody which. */
const invalidLink = () =>
  new AppError('not_found', 'This tracking link does not work (any more). Ask for a new one with your e-mail address and request number.', {
    code: 'tracking_link_invalid',
  })

const FORM_REFUSED =
  'The form could not be accepted. If you filled it in yourself, send it again and leave the field marked "Leave this empty" empty.'

/**
 * Public Information's portal: the public files a request without an account, follows it by a private tracking link
 * (a secret stored only as a keyed hash), writes to the records office, downloads issued letters and released
 * documents, and reads the archive of closed requests when the district publishes it.
 */
export function createRecordsPortalService(
  context: RecordsContext,
  deps: { records: RecordsService; portal: RecordsPortalRepository; limiter: RateLimiter },
) {
  const { portal, records } = deps
  const { clock, districtName } = context
  const limits = createPortalLimits(deps.limiter, context.secret)
  const hashOf = (token: string) => hmac(context.secret, 'records-tracking', token)
  const urlOf = (number: string, token: string) => `${context.appUrl}${trackingPath(number)}#${token}`

  /** The request a link opens, while the link works: while the request is open and a year after it closed. */
  async function opened(input: TrackingInput): Promise<PortalRequestRow> {
    const row = await portal.byTrackingHash(hashOf(input.token))
    if (!row || row.number !== input.number || expired(row)) throw invalidLink()
    return row
  }

  const expired = (row: Pick<PortalRequestRow, 'state' | 'closed_on'>) => {
    const until = linkValidUntil(row)
    return until !== null && context.today() > until
  }

  async function view(row: PortalRequestRow) {
    const [letters, documents, messages] = await Promise.all([
      portal.issuedLetters(row.request_id),
      portal.releasedDocuments([row.request_id]),
      portal.messages(row.request_id),
    ])
    return trackingView(row, { districtName, timeZone: context.finance.districtTimeZone, letters, documents, messages })
  }

  return {
    async info() {
      const settings = await portal.settings()
      return {
        districtName,
        intro: settings.portal_intro ?? defaultPortalIntro(districtName),
        archiveEnabled: settings.public_archive === 1,
        maxDescriptionLength: MAX_DESCRIPTION_LENGTH,
      }
    },

    /** Records a request the public sent, with its tracking link, and acknowledges it by e-mail when an address was given. */
    async submit(input: PortalRequestInput, ip: string) {
      // A program that fills every field fills the hidden one too; nothing is counted or stored for it.
      if (input.website?.trim()) throw new AppError('unprocessable', FORM_REFUSED, { code: 'form_refused' })
      const email = input.email ? normalizeEmail(input.email) : null
      const postalAddress = input.postalAddress?.trim() || null
      await limits.submit(ip, email)
      const token = randomToken(32)
      let trackingUrl = ''
      const created = await records.intake(
        {
          receivedAt: clock.now(),
          channel: 'WEB_FORM',
          requesterName: input.name?.trim() ?? '',
          requesterContact: [email, postalAddress].filter(Boolean).join('\n'),
          text: input.description,
          clarifiedText: null,
          requester: requesterFromPortal({ email, postalAddress, preferredFormat: input.preferredFormat }),
        },
        // Filed by no one on the staff; the public's network address is not kept with it.
        null,
        null,
        async (trx, made) => {
          await portal.setTracking(trx, made.id, hashOf(token), clock.now().toISOString())
          trackingUrl = urlOf(made.number, token)
          if (!email) return
          const days = await portal.clockIn(trx, made.id)
          await context.mail.enqueue(
            {
              kind: 'records_acknowledgment',
              to: email,
              values: {
                number: made.number,
                received_on: dayInWords(days.received_on),
                counted_from: dayInWords(days.counted_from),
                due_on: dayInWords(days.due_on),
                tracking_url: trackingUrl,
              },
              secrets: [trackingUrl, token],
            },
            trx,
          )
        },
      )
      return {
        number: created.number,
        receivedOn: created.clock.receivedOn,
        countedFrom: created.clock.countedFrom,
        dueOn: created.clock.dueOn,
        dueInWords: dayInWords(created.clock.dueOn),
        trackingUrl,
        emailed: email !== null,
      }
    },

    async track(input: TrackingInput, ip: string) {
      await limits.track(ip)
      return view(await opened(input))
    },

    /** A message from the requester on the request's timeline; possible while the link works, also once closed. */
    async message(input: TrackingInput & { message: string }, ip: string) {
      await limits.track(ip)
      const row = await opened(input)
      await limits.message(ip, row.request_id)
      await portal.addRequesterMessage({ requestId: row.request_id, body: input.message, at: clock.now().toISOString() }, (trx) =>
        context.record('requester_message', null, row, null, { length: input.message.length }, trx),
      )
      return view(row)
    },

    async letter(input: TrackingInput, letterId: number, ip: string) {
      await limits.track(ip)
      const row = await opened(input)
      const letter = await portal.issuedLetterPdf(row.request_id, letterId)
      if (!letter?.pdf) throw new AppError('not_found', `${row.number} has no issued letter ${letterId}.`, { code: 'letter_not_found' })
      return {
        fileName: `${row.number}-${letter.kind.toLowerCase()}.pdf`,
        contentType: 'application/pdf',
        content: Buffer.from(letter.pdf),
      }
    },

    async document(input: TrackingInput, documentId: number, ip: string) {
      await limits.track(ip)
      const row = await opened(input)
      const file = await portal.releasedFile(row.request_id, documentId)
      if (!file) throw new AppError('not_found', `${row.number} has no released document ${documentId}.`, { code: 'document_not_found' })
      return { fileName: file.file_name, contentType: file.content_type, content: Buffer.from(file.content) }
    },

    /** A new link to the requester's address when the address and number match; the same answer either way. */
    async newLink(input: { email: string; number: string }, ip: string) {
      await limits.newLink(ip, input.email)
      const row = await portal.byNumber(input.number)
      const matches = row?.email ? safeEqual(normalizeEmail(row.email), normalizeEmail(input.email)) : false
      if (row?.email && matches && !expired(row)) {
        const to = row.email
        const token = randomToken(32)
        const trackingUrl = urlOf(row.number, token)
        await portal.replaceTracking(row.request_id, hashOf(token), clock.now().toISOString(), async (trx) => {
          await context.mail.enqueue(
            { kind: 'records_tracking_link', to, values: { number: row.number, tracking_url: trackingUrl }, secrets: [trackingUrl, token] },
            trx,
          )
          await context.record('tracking_link_reissued', null, row, null, {}, trx)
        })
      }
      return { message: NEW_LINK_SENT }
    },

    archive: createPortalArchive(portal),
  }
}
export type RecordsPortalService = ReturnType<typeof createRecordsPortalService>
