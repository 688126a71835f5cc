import { z } from 'zod'
import { countParam, idParam, stated, text } from './input.js'
import { recordsLabels } from './labels/records.js'
import { LETTER_KINDS, OUTCOMES, PREFERRED_FORMATS, PaginationSchema, choicesOf } from './records.js'

export { PREFERRED_FORMATS, type PreferredFormat } from './records.js'

/*
 * Public Information's portal: what the public reaches without an account (all under /api, access 'public').
 *   GET  /public-records/info                         → PortalInfoResponseSchema
 *   POST /public-records/requests                     PortalRequestInputSchema → PortalReceiptResponseSchema (201)
 *   POST /public-records/track                        TrackingInputSchema → TrackingResponseSchema
 *   POST /public-records/track/messages               TrackingMessageInputSchema → TrackingResponseSchema (201)
 *   POST /public-records/track/letters/:childId       TrackingInputSchema → the issued letter's PDF
 *   POST /public-records/track/documents/:childId     TrackingInputSchema → the released document's file
 *   POST /public-records/new-link                     NewLinkInputSchema → NewLinkResponseSchema (202, the same answer whether or not it matched)
 *   GET  /public-records/archive                      ArchiveQuerySchema → ArchiveListResponseSchema (404 archive_off while the setting is off)
 *   GET  /public-records/archive/:number              → ArchiveEntryResponseSchema
 *   GET  /public-records/archive/:number/documents/:childId → the released document's file
 * The tracking secret travels in request bodies only (never in an address the server logs); in the link it is the
 * page address's fragment: `/public-records/track/PRR-2026-0001#<secret>`.
 */

/** The page people open; the tracking page is under it. */
export const PORTAL_PATH = '/public-records'
export const trackingPath = (number: string) => `${PORTAL_PATH}/track/${number}`

/** The most a description may hold; the route's body limit leaves room for the other fields. */
export const MAX_DESCRIPTION_LENGTH = 20_000
/** A request from the same contact with text this similar (0 to 1, word sets) within the window is flagged as a possible duplicate. */
export const DUPLICATE_SIMILARITY = 0.6
export const DUPLICATE_WINDOW_DAYS = 30
/** A tracking link works while the request is open and this many days after it closed. */
export const TRACKING_DAYS_AFTER_CLOSE = 365

/** `PRR-2026-0001`, as people may type it (spaces around, lower case) and as the server stores it. */
export const RequestNumberSchema = text('Enter the request number, such as PRR-2026-0001.')
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^PRR-\d{4}-\d{4,}$/, 'Enter the request number as it was sent to you, such as PRR-2026-0001.'))

const email = text('Enter an e-mail address.')
  .trim()
  .max(254, 'An e-mail address is at most 254 characters.')
  .pipe(z.email('Enter the e-mail address in full, such as name@example.org.'))

/** One way to answer is enough: the Public Records Act lets people ask without giving their name. */
export const PortalRequestInputSchema = z
  .object({
    description: stated('Describe the records you are asking for.', 'The description', MAX_DESCRIPTION_LENGTH),
    preferredFormat: z.enum(PREFERRED_FORMATS, {
      error: `Choose how you would like the records: ${choicesOf(PREFERRED_FORMATS, recordsLabels.preferredFormat)}.`,
    }),
    name: text().trim().max(200, 'A name is at most 200 characters.').nullish(),
    email: z.union([z.literal(''), email]).nullish(),
    postalAddress: text().trim().max(500, 'A postal address is at most 500 characters.').nullish(),
    /** Hidden from people; a program that fills every field fills it, and the request is refused. */
    website: z.string().max(500).nullish(),
  })
  .superRefine((input, context) => {
    if (!input.email && !input.postalAddress?.trim()) {
      context.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'Give an e-mail address or a postal address, so that the district can answer you.',
      })
    }
  })
export type PortalRequestInput = z.infer<typeof PortalRequestInputSchema>

export const PortalInfoSchema = z.object({
  districtName: z.string(),
  /** What the district holds and how to ask, as the district wrote it (or the platform's default). */
  intro: z.string(),
  archiveEnabled: z.boolean(),
  maxDescriptionLength: z.number().int(),
})
export const PortalInfoResponseSchema = z.object({ data: PortalInfoSchema })

/** What the requester is told once the request is recorded. */
export const PortalReceiptSchema = z.object({
  number: z.string(),
  receivedOn: z.string(),
  /** The day the statutory clock started: the day received, or the next business day when the district counts requests received outside its hours from then. */
  countedFrom: z.string(),
  dueOn: z.string(),
  /** "Monday, December 7, 2026". */
  dueInWords: z.string(),
  /** The private tracking link; also e-mailed when an address was given. */
  trackingUrl: z.string(),
  /** Whether an acknowledgment e-mail was queued (false for a request with a postal address only). */
  emailed: z.boolean(),
})
export const PortalReceiptResponseSchema = z.object({ data: PortalReceiptSchema })

export const TrackingInputSchema = z.object({
  number: RequestNumberSchema,
  token: z
    .string({ error: 'The tracking link is incomplete: open it again from the e-mail.' })
    .min(20, 'The tracking link is incomplete: open it again from the e-mail.')
    .max(200, 'The tracking link is not one the district sent.'),
})
export type TrackingInput = z.infer<typeof TrackingInputSchema>

export const TrackingMessageInputSchema = TrackingInputSchema.extend({
  message: stated('Write your message to the district.', 'A message', 5000),
})

export const PUBLIC_STATES = ['RECEIVED', 'IN_PROGRESS', 'DETERMINED', 'CLOSED'] as const
export const TrackingViewSchema = z.object({
  number: z.string(),
  districtName: z.string(),
  state: z.enum(PUBLIC_STATES),
  /** The state in a sentence a requester understands. */
  stateText: z.string(),
  receivedOn: z.string(),
  countedFrom: z.string(),
  dueOn: z.string(),
  dueInWords: z.string(),
  extension: z.object({ dueOn: z.string(), days: z.number().int(), reasonText: z.string() }).nullable(),
  outcome: z.enum(OUTCOMES).nullable(),
  outcomeText: z.string().nullable(),
  determinedOn: z.string().nullable(),
  estimatedProductionOn: z.string().nullable(),
  closedOn: z.string().nullable(),
  /** Their request as they sent it, and as clarified with them. */
  text: z.string(),
  clarifiedText: z.string().nullable(),
  preferredFormat: z.enum(PREFERRED_FORMATS).nullable(),
  /** Issued letters only; the signatory is the only person of the staff named. */
  letters: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(LETTER_KINDS),
      kindText: z.string(),
      issuedOn: z.string(),
      signatoryName: z.string(),
      signatoryTitle: z.string(),
    }),
  ),
  /** Released documents only. */
  documents: z.array(
    z.object({
      id: z.number().int(),
      fileName: z.string(),
      pageCount: z.number().int(),
      sizeBytes: z.number().int(),
      releasedOn: z.string(),
    }),
  ),
  /** Both ways; the district's messages are signed by its records office, never by a person. */
  messages: z.array(z.object({ id: z.number().int(), from: z.enum(['REQUESTER', 'DISTRICT']), body: z.string(), at: z.string() })),
  /** The last day the link works: null while the request is open. */
  linkValidUntil: z.string().nullable(),
})
export type TrackingView = z.infer<typeof TrackingViewSchema>
export const TrackingResponseSchema = z.object({ data: TrackingViewSchema })

export const TrackingChildParamsSchema = z.object({ childId: idParam('childId') })

export const NewLinkInputSchema = z.object({
  email: text('Enter the e-mail address the request was sent from.')
    .trim()
    .min(1, 'Enter the e-mail address the request was sent from.')
    .max(254, 'An e-mail address is at most 254 characters.')
    .pipe(z.email('Enter the e-mail address in full, such as name@example.org.')),
  number: RequestNumberSchema,
})
/** The same sentence whether or not the address and number matched: the answer tells nobody who asked what. */
export const NEW_LINK_SENT =
  'If that e-mail address and request number match a request, a new tracking link is on its way to that address. The old link no longer works.'
export const NewLinkResponseSchema = z.object({ data: z.object({ message: z.string() }) })

export const ArchiveQuerySchema = z.object({
  search: text().trim().max(100, 'The search is at most 100 characters.').optional(),
  limit: countParam('limit', 1, 100).default(25),
  offset: countParam('offset', 0).default(0),
})
export const ArchiveDocumentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  pageCount: z.number().int(),
  sizeBytes: z.number().int(),
})
/** A closed request as the archive publishes it: never the requester's name, contact or text. */
export const ArchiveEntrySchema = z.object({
  number: z.string(),
  summary: z.string(),
  receivedOn: z.string(),
  determinedOn: z.string().nullable(),
  closedOn: z.string(),
  outcome: z.enum(OUTCOMES).nullable(),
  outcomeText: z.string().nullable(),
  documents: z.array(ArchiveDocumentSchema),
})
export type ArchiveEntry = z.infer<typeof ArchiveEntrySchema>
export const ArchiveListResponseSchema = z.object({ data: z.array(ArchiveEntrySchema), pagination: PaginationSchema })
export const ArchiveEntryResponseSchema = z.object({ data: ArchiveEntrySchema })
export const ArchiveParamsSchema = z.object({ number: RequestNumberSchema })
export const ArchiveDocumentParamsSchema = z.object({ number: RequestNumberSchema, childId: idParam('childId') })

/** The portal's introduction until the district writes its own. */
export const defaultPortalIntro = (districtName: string) =>
  `${districtName} keeps records of its schools and offices: board and committee records, budgets, contracts and payments, ` +
  'policies, facilities projects, and correspondence. Under the California Public Records Act anyone may ask to inspect ' +
  'or receive copies of them. Describe the records as clearly as you can (what, which school or office, which dates). ' +
  'You do not have to give your name or say why you want them; the district needs only a way to answer you. It answers ' +
  'within 10 days whether it holds disclosable records, or says why it needs up to 14 more.'
