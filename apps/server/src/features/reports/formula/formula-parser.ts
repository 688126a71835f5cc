/**
 * The formula language of calculated fields: numbers, 'text', field names, + - * /, comparisons (= <> < <= > >=),
 * parentheses and the functions below. It is parsed into a tree that the server turns into SQL or works out itself;
 * nothing a person types is ever run as code.
 */

export const AGGREGATE_FUNCTIONS = ['sum', 'avg', 'min', 'max', 'count'] as const
export const SCALAR_FUNCTIONS = ['abs', 'round', 'coalesce', 'nullif', 'if'] as const
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number]
type FunctionName = AggregateFunction | (typeof SCALAR_FUNCTIONS)[number]

const ARITY: Record<FunctionName, [number, number]> = {
  sum: [1, 1],
  avg: [1, 1],
  min: [1, 1],
  max: [1, 1],
  count: [0, 1],
  abs: [1, 1],
  round: [1, 2],
  coalesce: [2, 8],
  nullif: [2, 2],
  if: [3, 3],
}

export type BinaryOperator = '+' | '-' | '*' | '/' | '=' | '<>' | '<' | '<=' | '>' | '>='
export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'field'; name: string }
  | { kind: 'negate'; operand: FormulaNode }
  | { kind: 'binary'; operator: BinaryOperator; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; name: FunctionName; args: FormulaNode[] }

/** A formula that cannot be read, with where and why. */
export class FormulaError extends Error {}

const MAX_DEPTH = 20

type Token = { type: 'number' | 'string' | 'name' | 'op' | 'paren' | 'comma'; text: string; at: number }

function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < source.length) {
    const char = source[i]!
    if (/\s/.test(char)) {
      i += 1
      continue
    }
    const rest = source.slice(i)
    const number = /^(\d+(\.\d+)?|\.\d+)/.exec(rest)
    if (number) {
      tokens.push({ type: 'number', text: number[0], at: i })
      i += number[0].length
      continue
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest)
    if (name) {
      tokens.push({ type: 'name', text: name[0], at: i })
      i += name[0].length
      continue
    }
    if (char === "'") {
      let text = ''
      let j = i + 1
      for (;;) {
        if (j >= source.length) throw new FormulaError(`The text that starts at position ${i + 1} has no closing quote`)
        if (source[j] === "'" && source[j + 1] === "'") {
          text += "'"
          j += 2
        } else if (source[j] === "'") {
          break
        } else {
          text += source[j]
          j += 1
        }
      }
      tokens.push({ type: 'string', text, at: i })
      i = j + 1
      continue
    }
    const operator = /^(<>|<=|>=|!=|[-+*/=<>])/.exec(rest)
    if (operator) {
      tokens.push({ type: 'op', text: operator[0] === '!=' ? '<>' : operator[0], at: i })
      i += operator[0].length
      continue
    }
    if (char === '(' || char === ')') tokens.push({ type: 'paren', text: char, at: i })
    else if (char === ',') tokens.push({ type: 'comma', text: char, at: i })
    else throw new FormulaError(`'${char}' at position ${i + 1} is not part of the formula language`)
    i += 1
  }
  return tokens
}

const PRECEDENCE: Record<string, number> = { '=': 1, '<>': 1, '<': 1, '<=': 1, '>': 1, '>=': 1, '+': 2, '-': 2, '*': 3, '/': 3 }

/** Parses a formula into its tree, or throws a FormulaError that says what is wrong and where. */
export function parseFormula(source: string): FormulaNode {
  const tokens = tokenize(source)
  let position = 0
  const peek = () => tokens[position]
  const where = (token: Token | undefined) => (token ? `at position ${token.at + 1}` : 'at the end')

  function expression(minPrecedence: number, depth: number): FormulaNode {
    if (depth > MAX_DEPTH) throw new FormulaError(`The formula is nested more than ${MAX_DEPTH} levels deep`)
    let left = unary(depth)
    for (;;) {
      const token = peek()
      if (!token || token.type !== 'op') break
      const precedence = PRECEDENCE[token.text]!
      if (precedence < minPrecedence) break
      position += 1
      const right = expression(precedence + 1, depth + 1)
      left = { kind: 'binary', operator: token.text as BinaryOperator, left, right }
    }
    return left
  }

  function unary(depth: number): FormulaNode {
    const token = peek()
    if (token?.type === 'op' && token.text === '-') {
      position += 1
      return { kind: 'negate', operand: unary(depth + 1) }
    }
    if (token?.type === 'op' && token.text === '+') {
      position += 1
      return unary(depth + 1)
    }
    return primary(depth)
  }

  function primary(depth: number): FormulaNode {
    const token = peek()
    if (!token) throw new FormulaError('The formula ends where a value was expected')
    position += 1
    if (token.type === 'number') {
      const value = Number(token.text)
      // Written into the SQL as a literal: a number JavaScript cannot hold would arrive as the word Infinity.
      if (!Number.isFinite(value) || token.text.replace(/^0+|\./g, '').length > 30)
        throw new FormulaError(`The number ${where(token)} is too long (at most 30 digits)`)
      return { kind: 'number', value }
    }
    if (token.type === 'string') return { kind: 'string', value: token.text }
    if (token.type === 'paren' && token.text === '(') {
      const inner = expression(0, depth + 1)
      const close = peek()
      if (close?.type !== 'paren' || close.text !== ')') throw new FormulaError(`A closing parenthesis is missing ${where(close)}`)
      position += 1
      return inner
    }
    if (token.type === 'name') {
      const next = peek()
      if (next?.type === 'paren' && next.text === '(') return call(token, depth)
      return { kind: 'field', name: token.text }
    }
    throw new FormulaError(`'${token.text}' ${where(token)} is not where a value can be`)
  }

  function call(token: Token, depth: number): FormulaNode {
    const name = token.text.toLowerCase() as FunctionName
    if (!(name in ARITY))
      throw new FormulaError(`${token.text} ${where(token)} is not a function. Functions: ${Object.keys(ARITY).join(', ')}`)
    position += 1 // (
    const args: FormulaNode[] = []
    if (!(peek()?.type === 'paren' && peek()?.text === ')')) {
      for (;;) {
        args.push(expression(0, depth + 1))
        if (peek()?.type === 'comma') {
          position += 1
          continue
        }
        break
      }
    }
    const close = peek()
    if (close?.type !== 'paren' || close.text !== ')') throw new FormulaError(`The call to ${name} is not closed ${where(close)}`)
    position += 1
    const [min, max] = ARITY[name]
    if (args.length < min || args.length > max) {
      throw new FormulaError(`${name} takes ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? '' : 's'}, not ${args.length}`)
    }
    return { kind: 'call', name, args }
  }

  if (tokens.length === 0) throw new FormulaError('The formula is empty')
  const tree = expression(0, 0)
  if (position < tokens.length) throw new FormulaError(`'${tokens[position]!.text}' ${where(tokens[position])} does not belong there`)
  return tree
}

/** Every field a formula names. */
export function fieldsOf(node: FormulaNode): string[] {
  switch (node.kind) {
    case 'field':
      return [node.name]
    case 'negate':
      return fieldsOf(node.operand)
    case 'binary':
      return [...fieldsOf(node.left), ...fieldsOf(node.right)]
    case 'call':
      return node.args.flatMap(fieldsOf)
    default:
      return []
  }
}

export const isAggregateCall = (node: FormulaNode): boolean =>
  node.kind === 'call' && (AGGREGATE_FUNCTIONS as readonly string[]).includes(node.name)
