import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { AccrualsOverview, ReceiptsOverview, RecordsOverview } from '@platform/contracts/dashboard'
import { formatCents } from '@platform/contracts/finance-money'
import { LABELS, labelOf } from '@platform/contracts/labels'
import type { ReactNode } from 'react'
import { formatCount } from '@/lib/format'
import { DeadlineBadge, TONE_COLORS } from './deadline-badge'
import { FigureCard } from './figure-card'

const words = LABELS.finance
const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`
const GRID = { base: 1, xs: 2, md: 3, lg: 4 } as const

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  )
}

/** Cash waiting at the person's sites, by site and age, and the deposits waiting at each step. */
export function ReceiptsFigures({ data }: { data: ReceiptsOverview }) {
  return (
    <Section id="overview-receipts" title="Payment Receipts">
      <Title order={3} size="h5">
        Cash waiting to be deposited
      </Title>
      {data.undeposited.length === 0 ? (
        <Text c="dimmed">No cash is waiting to be deposited at your sites.</Text>
      ) : (
        <SimpleGrid cols={GRID} spacing="md">
          {data.undeposited.map((site) => (
            <FigureCard
              key={site.siteId}
              value={site.amountCents === null ? plural(site.receiptCount, 'receipt') : formatCents(site.amountCents)}
              label={`${site.siteName}: ${plural(site.receiptCount, 'receipt')} to deposit, the oldest ${plural(site.oldestAgeDays, 'day')} old${
                site.amountCents === null ? ' (the sum stays hidden until the cash is counted)' : ''
              }`}
              to={site.href}
              linkText={`Undeposited cash at ${site.siteName}`}
            >
              <Group gap="xs">
                <DeadlineBadge due={site.dueAt} />
              </Group>
            </FigureCard>
          ))}
        </SimpleGrid>
      )}
      <Title order={3} size="h5">
        Deposits on their way
      </Title>
      {data.depositsWaiting.length === 0 ? (
        <Text c="dimmed">No deposit is waiting at your sites.</Text>
      ) : (
        <SimpleGrid cols={GRID} spacing="md">
          {data.depositsWaiting.map((step) => (
            <FigureCard
              key={step.state}
              value={plural(step.count, 'deposit')}
              label={labelOf(words.depositWaitingFor, step.state)}
              to={step.href}
              linkText={`Deposits ${labelOf(words.depositWaitingFor, step.state).toLowerCase()}`}
            />
          ))}
        </SimpleGrid>
      )}
    </Section>
  )
}

/** The accrual cycle's progress at the person's sites against its submission deadline, and its totals by type. */
export function AccrualsFigures({ data }: { data: AccrualsOverview }) {
  const cycle = data.cycle
  return (
    <Section id="overview-accruals" title="Accruals">
      {data.toReview > 0 ? (
        <SimpleGrid cols={GRID} spacing="md">
          <FigureCard
            value={plural(data.toReview, 'request')}
            label="Waiting for a review at the sites where you review"
            to={data.reviewHref}
            linkText="Open the review queue"
          />
        </SimpleGrid>
      ) : null}
      {cycle === null ? (
        <Text c="dimmed">No accrual cycle has been set up yet.</Text>
      ) : (
        <>
          <Group gap="xs" wrap="wrap">
            <Title order={3} size="h5">
              The {cycle.fiscalYear} cycle: submission deadline
            </Title>
            <DeadlineBadge due={cycle.submitBy} />
          </Group>
          {cycle.byState.length === 0 ? (
            <Text c="dimmed">No request at your sites in this cycle yet.</Text>
          ) : (
            <SimpleGrid cols={GRID} spacing="md">
              {cycle.byState
                .filter((state) => state.code in words.accrualProgress)
                .map((state) => (
                  <FigureCard
                    key={state.code}
                    value={plural(state.count, 'request')}
                    label={`${labelOf(words.accrualProgress, state.code)}: ${formatCents(state.amountCents)}`}
                    to={cycle.href}
                    linkText={`The ${cycle.fiscalYear} cycle`}
                  />
                ))}
            </SimpleGrid>
          )}
          {cycle.byType.length > 0 ? (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                Totals by type (requests not rejected or withdrawn)
              </Text>
              {/* A definition list holds only its terms and definitions (in their rows): its title stands above it. */}
              <Stack gap={4} component="dl" m={0}>
                {cycle.byType.map((type) => (
                  <Group key={type.code} gap="xs" wrap="wrap">
                    <Text component="dt" size="sm">
                      {labelOf(words.accrualType, type.code)}:
                    </Text>
                    <Text component="dd" size="sm" fw={600} m={0}>
                      {formatCents(type.amountCents)} in {plural(type.count, 'request')}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Stack>
          ) : null}
        </>
      )}
    </Section>
  )
}

/** Records requests overdue and due this week, and letters waiting for a signature. */
export function RecordsFigures({ data }: { data: RecordsOverview }) {
  // The queue reads its due filter from the address: each figure opens the requests it counts.
  const dueHref = (due: 'OVERDUE' | 'THIS_WEEK') => `${data.href}?due=${due}`
  const overdueTone = TONE_COLORS[data.overdue > 0 ? 'overdue' : 'later']
  return (
    <Section id="overview-records" title="Public Information">
      <SimpleGrid cols={GRID} spacing="md">
        <FigureCard
          value={plural(data.overdue, 'request')}
          label="Past the date to determine them"
          to={dueHref('OVERDUE')}
          linkText="Open the overdue requests"
        >
          {data.overdue > 0 ? (
            <Text size="sm" c={overdueTone.color} fw={600}>
              Overdue
            </Text>
          ) : null}
        </FigureCard>
        <FigureCard
          value={plural(data.dueThisWeek, 'request')}
          label="Due to be determined in the next seven days, today included"
          to={dueHref('THIS_WEEK')}
          linkText="Open the requests due this week"
        />
        <FigureCard
          value={plural(data.open, 'request')}
          label="Waiting for a determination in all"
          to={data.href}
          linkText="Open the requests"
        />
        <FigureCard
          value={plural(data.lettersAwaitingSignature, 'letter')}
          label="Drafted and waiting for a signature"
          to={data.href}
          linkText="Open the requests"
        />
      </SimpleGrid>
    </Section>
  )
}
