import { DSA_STATUSES, SCRAPE_RUN_STATUSES } from '@platform/contracts/dsa'
import { describe, expect, it } from 'vitest'
import { projectStatusChartColor, projectStatusStyle, scrapeLogStatusStyle } from './status-styles'

describe('projectStatusStyle', () => {
  it('gives each status its colour', () => {
    expect(projectStatusStyle('APPROVED').color).toBe('teal.9')
    expect(projectStatusStyle('PENDING').color).toBe('yellow.4')
    expect(projectStatusStyle('IN REVIEW').color).toBe('blue.8')
    expect(projectStatusStyle('REJECTED').color).toBe('red.9')
    expect(projectStatusStyle('COMPLETED').color).toBe('gray.7')
  })

  it('keeps the statuses apart: a different colour and icon each', () => {
    const styles = DSA_STATUSES.map(projectStatusStyle)
    expect(new Set(styles.map((style) => style.color.split('.')[0])).size).toBe(DSA_STATUSES.length)
    expect(new Set(styles.map((style) => style.icon)).size).toBe(DSA_STATUSES.length)
  })

  it('uses dark text on the light yellow only', () => {
    expect(DSA_STATUSES.filter((status) => projectStatusStyle(status).autoContrast)).toEqual(['PENDING'])
  })

  it('draws an unknown status grey, and charts use the badge colours', () => {
    expect(projectStatusStyle('SOMETHING ELSE').color).toBe('gray.3')
    expect(projectStatusChartColor('REJECTED')).toBe('red.9')
  })
})

describe('scrapeLogStatusStyle', () => {
  it('SUCCESS green, FAILED red, PARTIAL orange, RUNNING blue', () => {
    expect(SCRAPE_RUN_STATUSES.map((status) => scrapeLogStatusStyle(status).color)).toEqual(['blue.8', 'teal.9', 'red.9', 'orange.4'])
  })
})
