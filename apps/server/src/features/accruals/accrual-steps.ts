import type { AccrualState, AccrualStep } from '@platform/contracts/accruals'

export type AccrualDuty = 'REQUESTER' | 'SITE_APPROVER' | 'FISCAL_REVIEWER' | 'CONTROLLER' | 'VIEWER'
/** The parts a person may have played in a request, which bar them from some steps. */
export type AccrualPart = 'requester' | 'site approver'

export interface StepRule {
  duty: AccrualDuty
  to: AccrualState
  /** Who may not take the step: the person who played this part in the request. */
  conflicts: AccrualPart[]
  verb: string
}

/**
 * Who takes each step, from which state, and who may not: the table of issue 16 in one place. Return and reject
 * belong to whoever reviews the request at its stage (the site approver before site approval, fiscal services after).
 * A state missing under a step means the step cannot be taken from there.
 */
export const STEP_TABLE: Record<AccrualStep, Partial<Record<AccrualState, StepRule>>> = {
  submit: {
    DRAFT: { duty: 'REQUESTER', to: 'SUBMITTED', conflicts: [], verb: 'submitted' },
    RETURNED: { duty: 'REQUESTER', to: 'SUBMITTED', conflicts: [], verb: 'submitted' },
  },
  withdraw: {
    DRAFT: { duty: 'REQUESTER', to: 'WITHDRAWN', conflicts: [], verb: 'withdrawn' },
    RETURNED: { duty: 'REQUESTER', to: 'WITHDRAWN', conflicts: [], verb: 'withdrawn' },
    SUBMITTED: { duty: 'REQUESTER', to: 'WITHDRAWN', conflicts: [], verb: 'withdrawn' },
    SITE_APPROVED: { duty: 'REQUESTER', to: 'WITHDRAWN', conflicts: [], verb: 'withdrawn' },
  },
  'site-approve': {
    SUBMITTED: { duty: 'SITE_APPROVER', to: 'SITE_APPROVED', conflicts: ['requester'], verb: 'site-approved' },
  },
  approve: {
    SITE_APPROVED: { duty: 'FISCAL_REVIEWER', to: 'APPROVED', conflicts: ['requester', 'site approver'], verb: 'approved' },
  },
  return: {
    SUBMITTED: { duty: 'SITE_APPROVER', to: 'RETURNED', conflicts: ['requester'], verb: 'returned' },
    SITE_APPROVED: { duty: 'FISCAL_REVIEWER', to: 'RETURNED', conflicts: ['requester', 'site approver'], verb: 'returned' },
  },
  reject: {
    SUBMITTED: { duty: 'SITE_APPROVER', to: 'REJECTED', conflicts: ['requester'], verb: 'rejected' },
    SITE_APPROVED: { duty: 'FISCAL_REVIEWER', to: 'REJECTED', conflicts: ['requester', 'site approver'], verb: 'rejected' },
  },
}

/** Drafting and editing: the requester's duty, in these states. */
export const EDITABLE_STATES: AccrualState[] = ['DRAFT', 'RETURNED']
export const EDIT_DUTY: AccrualDuty = 'REQUESTER'
/** After the lock date, adding or changing a request (and submitting it) takes this duty instead. */
export const LOCKED_DUTY: AccrualDuty = 'CONTROLLER'
/** Setting up a cycle and posting the journal. */
export const CYCLE_DUTY: AccrualDuty = 'CONTROLLER'
/** Recording a liquidation or writing off the remainder: a controller who is not the requester. */
export const CLEARING_RULE = {
  duty: 'CONTROLLER' as AccrualDuty,
  conflicts: ['requester'] as AccrualPart[],
  from: ['POSTED', 'PARTIALLY_LIQUIDATED'] as AccrualState[],
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
