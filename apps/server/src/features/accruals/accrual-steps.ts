import type { AccrualState, AccrualStep } from '@platform/contracts/accruals'
import type { SeparationRule } from '../finance/separation.service.js'

export type AccrualDuty = 'REQUESTER' | 'SITE_APPROVER' | 'FISCAL_REVIEWER' | 'CONTROLLER' | 'VIEWER'

/** The record type of a request in the finance participants table. */
export const REQUEST_RECORD = 'request'

/**
 * The parts a person plays in a request, as the participants table keeps them (every step writes its part in its own
 * transaction). `handed-over` is the controller who gave the request to another holder; `posted` who posted its journal.
 */
export const PARTS = {
  drafted: 'drafted',
  edited: 'edited',
  submitted: 'submitted',
  siteApproved: 'site-approved',
  approved: 'approved',
  returned: 'returned',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
  handedOver: 'handed-over',
  posted: 'posted',
  liquidated: 'liquidated',
  writtenOff: 'written-off',
} as const

/** Whoever wrote the request (drafted it, changed it, or sent it on) reviews none of it. */
const AUTHORS = [PARTS.drafted, PARTS.edited, PARTS.submitted]
/** The site's review: never by an author. */
const SITE_REVIEW = { duty: 'SITE_APPROVER', barred: AUTHORS } as const satisfies SeparationRule
/** Fiscal services' review: never by an author or by whoever approved it for the site. */
const FISCAL_REVIEW = { duty: 'FISCAL_REVIEWER', barred: [...AUTHORS, PARTS.siteApproved] } as const satisfies SeparationRule

export interface StepRule extends SeparationRule {
  duty: AccrualDuty
  to: AccrualState
  /** The part the step's taker plays in the request. */
  part: string
  verb: string
  /** Only the request's holder (its drafter, or whom a controller handed it to) takes the step. */
  holderOnly: boolean
}

const authorStep = (to: AccrualState, part: string, verb: string): StepRule => ({
  duty: 'REQUESTER',
  barred: [],
  to,
  part,
  verb,
  holderOnly: true,
})

/**
 * Who takes each step, from which state, and who may not: Accruals' separation table, declared once. Each cell is the
 * duty that takes the step and the parts whose players may not (compared with everyone who took part in the request,
 * not only its creator). Return and reject belong to whoever reviews the request at its stage (the site approver
 * before site approval, fiscal services after). A state missing under a step means the step cannot be taken from there.
 */
export const STEP_TABLE: Record<AccrualStep, Partial<Record<AccrualState, StepRule>>> = {
  submit: {
    DRAFT: authorStep('SUBMITTED', PARTS.submitted, 'submitted'),
    RETURNED: authorStep('SUBMITTED', PARTS.submitted, 'submitted'),
  },
  withdraw: {
    DRAFT: authorStep('WITHDRAWN', PARTS.withdrawn, 'withdrawn'),
    RETURNED: authorStep('WITHDRAWN', PARTS.withdrawn, 'withdrawn'),
    SUBMITTED: authorStep('WITHDRAWN', PARTS.withdrawn, 'withdrawn'),
    SITE_APPROVED: authorStep('WITHDRAWN', PARTS.withdrawn, 'withdrawn'),
  },
  'site-approve': {
    SUBMITTED: { ...SITE_REVIEW, to: 'SITE_APPROVED', part: PARTS.siteApproved, verb: 'site-approved', holderOnly: false },
  },
  approve: {
    SITE_APPROVED: { ...FISCAL_REVIEW, to: 'APPROVED', part: PARTS.approved, verb: 'approved', holderOnly: false },
  },
  return: {
    SUBMITTED: { ...SITE_REVIEW, to: 'RETURNED', part: PARTS.returned, verb: 'returned', holderOnly: false },
    SITE_APPROVED: { ...FISCAL_REVIEW, to: 'RETURNED', part: PARTS.returned, verb: 'returned', holderOnly: false },
  },
  reject: {
    SUBMITTED: { ...SITE_REVIEW, to: 'REJECTED', part: PARTS.rejected, verb: 'rejected', holderOnly: false },
    SITE_APPROVED: { ...FISCAL_REVIEW, to: 'REJECTED', part: PARTS.rejected, verb: 'rejected', holderOnly: false },
  },
}

/** Drafting and editing: the requester's duty, in these states, by the holder only. */
export const EDITABLE_STATES: AccrualState[] = ['DRAFT', 'RETURNED']
export const EDIT_DUTY: AccrualDuty = 'REQUESTER'
/** After the lock date, adding or changing a request (and submitting it) takes this duty instead. */
export const LOCKED_DUTY: AccrualDuty = 'CONTROLLER'
/** Setting up a cycle and posting the journal. */
export const CYCLE_DUTY: AccrualDuty = 'CONTROLLER'

/** Recording a liquidation or writing off the remainder: a controller who wrote none of the request. */
export const CLEARING_RULE = {
  duty: 'CONTROLLER' as AccrualDuty,
  barred: AUTHORS,
  from: ['POSTED', 'PARTIALLY_LIQUIDATED'] as AccrualState[],
} as const satisfies SeparationRule & { from: AccrualState[] }

/**
 * Handing a request to another holder: a controller at its site, while its author still has something to do with it
 * (edit, submit or withdraw). The new holder holds the duty that changes the request now: REQUESTER at the site, or
 * CONTROLLER once the cycle locked (when only a controller adds or changes a request).
 */
export const HAND_OVER_RULE = {
  duty: 'CONTROLLER' as AccrualDuty,
  from: ['DRAFT', 'RETURNED', 'SUBMITTED', 'SITE_APPROVED'] as AccrualState[],
}

/** The order states follow, to tell "already done" from "not yet". */
export const STATE_ORDER: AccrualState[] = [
  'DRAFT',
  'RETURNED',
  'SUBMITTED',
  'SITE_APPROVED',
  'APPROVED',
  'POSTED',
  'PARTIALLY_LIQUIDATED',
  'LIQUIDATED',
  'WRITTEN_OFF',
]
export const FINAL_STATES: AccrualState[] = ['REJECTED', 'WITHDRAWN', 'LIQUIDATED', 'WRITTEN_OFF']
