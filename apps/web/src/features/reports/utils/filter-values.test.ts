import { describe, expect, it } from 'vitest'
import { filterOpsFor, literalText, parseList, parseLiteral, valueShape, withOp } from './filter-values'

describe('filter values', () => {
  it('offers text matching for text only and no ordering for yes / no', () => {
    expect(filterOpsFor('string')).toContain('contains')
    expect(filterOpsFor('money')).not.toContain('contains')
    expect(filterOpsFor('money')).toContain('between')
    expect(filterOpsFor('boolean')).toEqual(['eq', 'ne', 'isNull', 'isNotNull'])
  })

  it('knows the shape of each operator’s value', () => {
    expect(valueShape('isNull')).toBe('none')
    expect(valueShape('in')).toBe('list')
    expect(valueShape('between')).toBe('pair')
    expect(valueShape('gte')).toBe('one')
  })

  it('reshapes the value when the operator changes, keeping a parameter for one value or a list', () => {
    expect(withOp({ field: 'cost', op: 'eq', value: 5, ignoreIfEmpty: false }, 'between').value).toEqual([null, null])
    expect(withOp({ field: 'cost', op: 'eq', value: 5, ignoreIfEmpty: false }, 'gt').value).toBe(5)
    expect(withOp({ field: 'cost', op: 'eq', value: 5, ignoreIfEmpty: false }, 'isNull').value).toBeUndefined()
    expect(withOp({ field: 'fund', op: 'eq', value: { param: 'funds' }, ignoreIfEmpty: true }, 'in').value).toEqual({ param: 'funds' })
  })

  it('types what was typed by the field’s type', () => {
    expect(parseLiteral('1,250.5', 'money')).toBe(1250.5)
    expect(parseLiteral('abc', 'integer')).toBe('abc')
    expect(parseLiteral(' ', 'string')).toBeNull()
    expect(parseLiteral('Yes', 'boolean')).toBe(true)
    expect(parseLiteral(' 2026-03-01 ', 'date')).toBe('2026-03-01')
    expect(parseList('100, 200,,300', 'integer')).toEqual([100, 200, 300])
    expect(literalText([100, 200])).toBe('100, 200')
    expect(literalText({ param: 'x' })).toBe('')
  })
})
