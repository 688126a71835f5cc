import type { FormulaNode } from './formula-parser.js'

export type FormulaValue = number | string | boolean | null

/**
 * Works a formula out over values the server already holds: a calculation in a summary row or a subtotal, whose
 * aggregates come from the rolled-up figures (so a percentage is computed again at each level, never summed).
 * Follows SQL's rules: anything with an empty value is empty, and dividing by zero is empty.
 */
export function evaluateFormula(
  node: FormulaNode,
  env: { field(name: string): FormulaValue; aggregate(node: Extract<FormulaNode, { kind: 'call' }>): FormulaValue },
): FormulaValue {
  const visit = (current: FormulaNode): FormulaValue => {
    switch (current.kind) {
      case 'number':
      case 'string':
        return current.value
      case 'field':
        return env.field(current.name)
      case 'negate': {
        const value = visit(current.operand)
        return typeof value === 'number' ? -value : null
      }
      case 'binary':
        return binary(current.operator, visit(current.left), visit(current.right))
      case 'call':
        return call(current)
    }
  }

  function call(node: Extract<FormulaNode, { kind: 'call' }>): FormulaValue {
    switch (node.name) {
      case 'sum':
      case 'avg':
      case 'min':
      case 'max':
      case 'count':
        return env.aggregate(node)
      case 'abs': {
        const value = visit(node.args[0]!)
        return typeof value === 'number' ? Math.abs(value) : null
      }
      case 'round': {
        const value = visit(node.args[0]!)
        const places = node.args[1] ? visit(node.args[1]) : 0
        if (typeof value !== 'number' || typeof places !== 'number') return null
        const factor = 10 ** Math.trunc(places)
        return Math.round(value * factor) / factor
      }
      case 'coalesce': {
        for (const arg of node.args) {
          const value = visit(arg)
          if (value !== null) return value
        }
        return null
      }
      case 'nullif': {
        const value = visit(node.args[0]!)
        return value === visit(node.args[1]!) ? null : value
      }
      case 'if': {
        const condition = visit(node.args[0]!)
        return condition === true || (typeof condition === 'number' && condition !== 0) ? visit(node.args[1]!) : visit(node.args[2]!)
      }
    }
  }

  return visit(node)
}

function binary(operator: string, left: FormulaValue, right: FormulaValue): FormulaValue {
  if (left === null || right === null) return null
  switch (operator) {
    case '+':
      return typeof left === 'number' && typeof right === 'number' ? left + right : null
    case '-':
      return typeof left === 'number' && typeof right === 'number' ? left - right : null
    case '*':
      return typeof left === 'number' && typeof right === 'number' ? left * right : null
    case '/':
      return typeof left === 'number' && typeof right === 'number' && right !== 0 ? left / right : null
    case '=':
      return left === right
    case '<>':
      return left !== right
    case '<':
      return left < right
    case '<=':
      return left <= right
    case '>':
      return left > right
    case '>=':
      return left >= right
    default:
      return null
  }
}
