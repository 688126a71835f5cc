/**
 * One application as the tracker pages show it. Every value is the raw text of its span (money as `$1,234.50` or
 * `($1,234.50)`, dates as `M/D/YYYY`, empty string when the page shows nothing), so a test can put any text, even
 * malformed, on a page through `updateProject`.
 */
export interface DemoProject {
  clientId: string
  /** Office (OriginId), `04` for the San Diego region. */
  officeId: string
  /** Application number (AppId), six digits. */
  appId: string
  /** "File #": the client id on the real pages; separate so a test can make it disagree. */
  fileNumber: string
  ptn: string
  projectName: string
  projectScope: string
  address: string
  city: string
  zip: string
  opsc: string
  projectType: string
  increments: string
  projectClass: string
  specialType: string
  estimatedAmount: string
  contractedAmount: string
  changeDocumentAmount: string
  finalProjectCost: string
  receivedDate: string
  completeSubmittalReceivedDate: string
  approvedDate: string
  approvalExtensionDate: string
  /** "Closed Date" on the summary page. */
  closedDate: string
  /** The certification page's fields. */
  fieldEngineer: string
  engineerRecommendationDate: string
  voidCanceledDate: string
  ninetyDayLetterDate: string
  ninetyDayExpirationDate: string
  /** "Last Certification Date": differs from the closed date on real pages. */
  lastCertificationDate: string
  lastCertificationLetterType: string
}

/** The letter types seen on the real tracker (research §5). */
export const CERTIFICATION_LETTERS = {
  certified: '#1-Certification & Close of File',
  certifiedByEducationCode: '#2-Certification & Close of File Per EDU Code 17315(b) OR 81147(b)',
  closedWithExceptions: '#3-Close of File w/o Certification - Exceptions',
  certificationRequired: 'DSA 301P Notification of Requirement for Certification',
  voidAfterOneYear: '1 YR VOID',
} as const

const PROJECT_TYPES = [
  'Access Compliance Only - NOT K-14',
  'School (Community College)',
  'Rehabilitation Report',
  'SMP Verify Eligibility',
  'History of Special Project',
  'Prechecked Project',
]
const PROJECT_CLASSES = ['Class 1', 'Class 1', 'Class 2', 'Class 3', 'Class 4', 'Class 3 & RBIP', 'N/A']
const SCHOOL_NAMES = [
  'Lincoln',
  'Jefferson',
  'Roosevelt',
  'Garfield',
  'Madison',
  'Hoover',
  'Serra',
  'Mission Bay',
  'Clairemont',
  'Point Loma',
  'Mira Mesa',
  'Scripps Ranch',
  'Kearny',
  'Crawford',
  'Morse',
  'Patrick Henry',
  'Torrey Pines',
  'Balboa',
  'Cabrillo',
  'Encanto',
  'Logan',
  'Sequoia',
  'Valencia Park',
  'Rancho Bernardo',
  'Del Mar Heights',
  'Grant',
  'Marshall',
  'Pacific Beach',
  'Longfellow',
  'Chavez',
]
const SCHOOL_LEVELS = [
  'Elementary School',
  'Elementary School',
  'Elem. School',
  'Middle School',
  'High School',
  'K-8 School',
  'Academy',
  'Early Education Center',
]
/** Kinds of work, each with the scope text the summary page shows. */
const WORKS: ReadonlyArray<readonly [name: string, scope: (count: number) => string]> = [
  ['Modernization', (n) => `Modernization of ${n} classrooms, restrooms and administration building; accessibility upgrades & site work.`],
  ['New Classroom Building', (n) => `Construction of a two-story classroom building with ${n} classrooms and site work.`],
  ['Portable Classrooms', (n) => `Placement of ${n} relocatable classroom buildings on new foundations, ramps and utilities.`],
  ['HVAC Replacement', (n) => `Replacement of HVAC units on ${n} buildings, structural supports at roof.`],
  ['Roof Replacement', (n) => `Reroofing of ${n} buildings.`],
  ['Fire Alarm Upgrade', (n) => `Fire alarm system upgrade in ${n} buildings.`],
  ['Accessibility Upgrades', (n) => `Path of travel, ${n} restrooms and parking upgrades for access compliance.`],
  ['Lunch Shelter', () => 'New lunch shelter (pre-engineered steel) and concrete paving.'],
  ['Field Lighting', (n) => `Stadium lighting: ${n} light poles on drilled pier foundations.`],
  ['Solar Carport', (n) => `Photovoltaic carport structures over ${n} parking stalls.`],
  ['Gymnasium', () => 'New gymnasium with locker rooms & team rooms.'],
  ['Kitchen Remodel', () => 'Remodel of central kitchen and serving line.'],
]
const STREETS = [
  'Genesee Ave',
  'Balboa Ave',
  'Clairemont Dr',
  'Mission Gorge Rd',
  'Euclid Ave',
  'Imperial Ave',
  'University Ave',
  'Park Blvd',
  'Linda Vista Rd',
  'Governor Dr',
  'Sienna Parkway Site',
]
const CITIES = ['San Diego', 'San Diego', 'San Diego', 'La Jolla', 'Chula Vista', 'El Cajon', 'Escondido', 'Oceanside', 'La Mesa', 'Santee']
const ENGINEERS = ['Kinhal, Jay', 'Nguyen, Linda', 'Ramirez, Carlos', 'Okafor, Grace', 'Bennett, Tom', 'Lee, Susan', 'Patel, Raj']

/** Where an application is in its life; each maps to one line of the status rules, so a list can show all of them. */
type Stage =
  | 'certified'
  | 'certified-by-education-code'
  | 'closed-with-exceptions'
  | 'certification-required'
  | 'void-after-one-year'
  | 'canceled'
  | 'closed'
  | 'approved'
  | 'in-review'
  | 'not-received'

/** Rough shares of the real tracker's data: most applications are certified and closed, a quarter still open. */
const STAGE_WEIGHTS: ReadonlyArray<readonly [Stage, number]> = [
  ['certified', 36],
  ['certified-by-education-code', 5],
  ['closed-with-exceptions', 2],
  ['certification-required', 5],
  ['void-after-one-year', 2],
  ['canceled', 2],
  ['closed', 6],
  ['approved', 22],
  ['in-review', 14],
  ['not-received', 3],
]
const CLOSED_STAGES: ReadonlySet<Stage> = new Set(['certified', 'certified-by-education-code', 'closed-with-exceptions', 'closed'])
/** The letter that closes the file; a plain 'closed' stage has a closed date but no letter yet. */
const CLOSING_LETTERS: Partial<Record<Stage, string>> = {
  certified: CERTIFICATION_LETTERS.certified,
  'certified-by-education-code': CERTIFICATION_LETTERS.certifiedByEducationCode,
  'closed-with-exceptions': CERTIFICATION_LETTERS.closedWithExceptions,
}

/** FNV-1a: turns a client id into a 32-bit seed. */
function hashText(text: string): number {
  let hash = 0x811c9dc5
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193)
  return hash >>> 0
}

/** mulberry32: tiny and deterministic, so a client id always yields the same applications (no Math.random). */
function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    int,
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!,
    between: (min: number, max: number) => min + next() * (max - min),
  }
}
type Random = ReturnType<typeof createRandom>

const DAY_MS = 86_400_000
const dayNumber = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY_MS

/** `M/D/YYYY`, and now and then with the time part a few real rows carry (`1/25/2000 2:01:35 PM`). */
function formatDate(day: number, random?: Random): string {
  const date = new Date(day * DAY_MS)
  const text = `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`
  if (!random?.chance(0.03)) return text
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${text} ${random.int(1, 12)}:${pad(random.int(0, 59))}:${pad(random.int(0, 59))} ${random.chance(0.5) ? 'AM' : 'PM'}`
}

/** `$1,234.50`; negatives in parentheses like the tracker: `($1,234.50)`. */
export function formatMoney(cents: number): string {
  const dollars = String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+$)/g, ',')
  const text = `$${dollars}.${String(Math.abs(cents) % 100).padStart(2, '0')}`
  return cents < 0 ? `(${text})` : text
}

/** Log-uniform, so small jobs and large campuses both occur; mostly whole dollars like real estimates. */
function randomCents(random: Random, minDollars: number, maxDollars: number): number {
  const dollars = Math.exp(random.between(Math.log(minDollars), Math.log(maxDollars)))
  return random.chance(0.6) ? Math.round(dollars) * 100 : Math.round(dollars * 100)
}

function weightedStage(random: Random): Stage {
  const total = STAGE_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0)
  let roll = random.between(0, total)
  for (const [stage, weight] of STAGE_WEIGHTS) {
    roll -= weight
    if (roll < 0) return stage
  }
  return 'approved'
}

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.int(0, i)
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}

/** The dates and money of one application, consistent with its stage. */
function lifecycle(stage: Stage, random: Random): Partial<DemoProject> {
  // Closed files are old, open ones recent. Fixed years (not today's date) keep the output deterministic.
  const [fromYear, toYear] =
    stage === 'approved' || stage === 'in-review' || stage === 'not-received'
      ? [2021, 2024]
      : stage === 'certification-required'
        ? [2010, 2019]
        : [1998, 2018]
  const received = dayNumber(random.int(fromYear, toYear), random.int(1, 12), random.int(1, 28))
  const approved = received + random.int(60, 420)
  const closed = approved + random.int(365, 1500)
  const estimated = randomCents(random, 25_000, 60_000_000)
  const fields: Partial<DemoProject> = { estimatedAmount: formatMoney(estimated), changeDocumentAmount: '$0.00', finalProjectCost: '$0.00' }
  if (stage === 'not-received') return fields

  fields.receivedDate = formatDate(received, random)
  if (random.chance(0.7)) fields.completeSubmittalReceivedDate = formatDate(received + random.int(0, 30))
  const isApproved = stage !== 'in-review' && stage !== 'void-after-one-year' && (stage !== 'canceled' || random.chance(0.5))
  if (isApproved) {
    fields.approvedDate = formatDate(approved, random)
    fields.fieldEngineer = random.pick(ENGINEERS)
    if (random.chance(0.1)) fields.approvalExtensionDate = formatDate(approved + random.int(300, 700))
    // Contracted is missing on some real rows even after approval.
    const contracted = random.chance(0.9) ? Math.round(estimated * random.between(0.85, 1.2)) : null
    if (contracted !== null) fields.contractedAmount = formatMoney(contracted)
    if (contracted !== null && CLOSED_STAGES.has(stage)) {
      const change = Math.round(contracted * (random.chance(0.25) ? -random.between(0.001, 0.04) : random.between(0, 0.09)))
      fields.changeDocumentAmount = formatMoney(change)
      // A third of real files report no final cost ($0.00); otherwise it is contracted + change documents.
      fields.finalProjectCost = formatMoney(random.chance(0.3) ? 0 : contracted + change)
    }
  }

  const letter = (type: string, day: number) =>
    Object.assign(fields, { lastCertificationLetterType: type, lastCertificationDate: formatDate(day) })
  if (CLOSED_STAGES.has(stage)) {
    fields.closedDate = formatDate(closed, random)
    if (random.chance(0.5)) {
      fields.ninetyDayLetterDate = formatDate(closed - 200)
      fields.ninetyDayExpirationDate = formatDate(closed - 110)
    }
  }
  const certifiedOn = closed + random.int(0, 500)
  const closingLetter = CLOSING_LETTERS[stage]
  if (closingLetter) letter(closingLetter, certifiedOn)
  if (stage === 'certified' && random.chance(0.4)) fields.engineerRecommendationDate = formatDate(certifiedOn - random.int(10, 60))
  if (stage === 'certification-required') letter(CERTIFICATION_LETTERS.certificationRequired, approved + random.int(700, 1800))
  // An application never approved is voided after a year; a canceled one keeps only its void date.
  if (stage === 'void-after-one-year') letter(CERTIFICATION_LETTERS.voidAfterOneYear, received + 365)
  if (stage === 'canceled') fields.voidCanceledDate = formatDate(received + random.int(30, 700))
  return fields
}

/**
 * The applications of one client, generated one at a time from a seed of the client id: the same client always gets
 * the same applications in the same order, and asking for more never changes the ones before.
 */
export function createDemoProjectSource(clientId: string) {
  const random = createRandom(hashText(clientId))
  const districtCode = String(random.int(10000, 99999))
  const schools = Array.from({ length: 12 }, () => `${random.pick(SCHOOL_NAMES)} ${random.pick(SCHOOL_LEVELS)}`)
  // Application numbers rise through a client-specific range, so they are unique within the client.
  let appNumber = 100_000 + (hashText(`${clientId}#app`) % 700) * 1000
  // The first applications of every client cover every stage once, so even a short demo list shows each status.
  const firstStages = shuffled(
    STAGE_WEIGHTS.map(([stage]) => stage),
    random,
  )

  return {
    next(): DemoProject {
      appNumber += random.int(1, 37)
      const stage = firstStages.shift() ?? weightedStage(random)
      const [work, scope] = random.pick(WORKS)
      const school = random.pick(schools)
      const ptnRoll = random.int(1, 10)
      return {
        clientId,
        officeId: '04',
        appId: String(appNumber),
        fileNumber: clientId,
        ptn: ptnRoll <= 3 ? '' : ptnRoll <= 5 ? `57-${districtCode}-0` : `${districtCode}-${random.int(1, 99)}`,
        projectName: random.chance(0.75) ? `${school} - ${work}` : school,
        // Real scopes sometimes hold line breaks.
        projectScope: random.chance(0.05) ? `${scope(random.int(2, 30))}\r\nSite work.` : scope(random.int(2, 30)),
        address: `${random.int(100, 9999)} ${random.pick(STREETS)}`,
        city: random.pick(CITIES),
        // A blank Zip is ten spaces on the real pages.
        zip: random.chance(0.2) ? ' '.repeat(10) : `92${String(random.int(0, 199)).padStart(3, '0')}`,
        opsc: random.pick([`57-${districtCode}-00-${String(random.int(1, 40)).padStart(2, '0')}`, 'PENDING', '']),
        projectType: random.chance(0.88) ? 'School (K-12)' : random.pick(PROJECT_TYPES),
        increments: '0',
        projectClass: random.pick(PROJECT_CLASSES),
        specialType: random.chance(0.8) ? 'NA' : 'N/A',
        estimatedAmount: '',
        contractedAmount: '',
        changeDocumentAmount: '',
        finalProjectCost: '',
        receivedDate: '',
        completeSubmittalReceivedDate: '',
        approvedDate: '',
        approvalExtensionDate: '',
        closedDate: '',
        fieldEngineer: '',
        engineerRecommendationDate: '',
        voidCanceledDate: '',
        ninetyDayLetterDate: '',
        ninetyDayExpirationDate: '',
        lastCertificationDate: '',
        lastCertificationLetterType: '',
        ...lifecycle(stage, random),
      }
    },
  }
}
export type DemoProjectSource = ReturnType<typeof createDemoProjectSource>

/** The first `count` applications of a client (deterministic). */
export function generateDemoProjects(clientId: string, count: number): DemoProject[] {
  const source = createDemoProjectSource(clientId)
  return Array.from({ length: count }, () => source.next())
}
