import type { DepositState } from '@platform/contracts/receipts'
import type { SeparationRule } from '../finance/separation.service.js'
import type { ReceiptDuty } from './receipt-access.js'

export type DepositStep = 'count' | 'approve' | 'submit' | 'confirm' | 'reconcile'

export interface DepositStepRule extends SeparationRule {
  duty: ReceiptDuty
  from: DepositState
  to: DepositState
  /** The part the taker plays, as the participants table records it; also the word of the audit action. */
  part: string
}

/**
 * The duty table of a deposit's steps, declared once: who takes each step, from which state, and which parts played in
 * the deposit (or, for `collected`, in one of its receipts) bar a person from it. Separation compares against every
 * participant, so whoever gathered the deposit counts, approves, confirms and reconciles it no more than its collectors.
 */
export const DEPOSIT_STEPS: Record<DepositStep, DepositStepRule> = {
  count: { duty: 'COUNTER', from: 'OPEN', to: 'COUNTED', part: 'counted', barred: ['collected', 'gathered'] },
  approve: { duty: 'APPROVER', from: 'COUNTED', to: 'APPROVED', part: 'approved', barred: ['collected', 'gathered', 'counted'] },
  submit: { duty: 'APPROVER', from: 'APPROVED', to: 'SUBMITTED', part: 'submitted', barred: [] },
  confirm: { duty: 'RECONCILER', from: 'SUBMITTED', to: 'CONFIRMED', part: 'confirmed', barred: ['collected', 'gathered', 'counted'] },
  reconcile: {
    duty: 'RECONCILER',
    from: 'CONFIRMED',
    to: 'RECONCILED',
    part: 'reconciled',
    barred: ['collected', 'gathered', 'counted', 'approved'],
  },
}

export const DEPOSIT_STEP_NAMES = Object.keys(DEPOSIT_STEPS) as DepositStep[]

/** The steps on one receipt after it is issued: its collector takes neither. */
export const RECEIPT_STEPS = {
  void: { duty: 'APPROVER', barred: ['collected'] },
  'record a returned check on': { duty: 'RECONCILER', barred: ['collected'] },
} as const satisfies Record<string, SeparationRule>

/** The states of a deposit in order: a step asked again once the deposit passed it is "already done". */
export const DEPOSIT_ORDER: readonly DepositState[] = ['OPEN', 'COUNTED', 'APPROVED', 'SUBMITTED', 'CONFIRMED', 'RECONCILED']

/** How participants name Payment Receipts' records. */
export const RECEIPT_RECORD = 'receipt'
export const DEPOSIT_RECORD = 'deposit'
