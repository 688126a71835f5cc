import path from 'node:path'

/**
 * On the server a feature meets another feature only through what app.ts hands it: it may name the type of another
 * feature's service (`import type … from '../other/other.service.js'`), never import a value from it nor reach any of
 * its other files. import-x/no-restricted-paths cannot tell a type import from a value import, hence this rule.
 */
export const featureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A server feature imports another feature only as the type of its service.' },
    schema: [{ type: 'object', properties: { featuresDir: { type: 'string' } }, required: ['featuresDir'], additionalProperties: false }],
    messages: {
      internals:
        "'{{source}}' is inside the {{other}} feature. A feature never imports another feature's files: let app.ts hand it the service it needs (or move the shared piece to lib/ or contracts).",
      value:
        "'{{source}}' is the {{other}} feature's service: import only its type (`import type`); the object itself is handed over by app.ts.",
    },
  },
  create(context) {
    const featuresDir = context.options[0].featuresDir
    const own = featureOf(featuresDir, context.filename)
    if (!own) return {}

    function check(node, onlyTypes) {
      const source = node.source?.value
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const target = path.resolve(path.dirname(context.filename), source)
      const other = featureOf(featuresDir, target)
      if (!other || other === own) return
      if (!/\.service\.[jt]s$/.test(target)) {
        context.report({ node: node.source, messageId: 'internals', data: { source, other } })
      } else if (!onlyTypes) {
        context.report({ node: node.source, messageId: 'value', data: { source, other } })
      }
    }

    return {
      ImportDeclaration(node) {
        const typeSpecifiers = node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.importKind === 'type')
        check(node, node.importKind === 'type' || typeSpecifiers)
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.exportKind === 'type' || node.specifiers.every((specifier) => specifier.exportKind === 'type'))
      },
      ExportAllDeclaration(node) {
        check(node, node.exportKind === 'type')
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check({ source: node.source }, false)
      },
    }
  },
}

/** The name of the feature folder a path lies in, or undefined outside the features. */
function featureOf(featuresDir, file) {
  const relative = path.relative(featuresDir, file)
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined
  const [feature, ...rest] = relative.split(path.sep)
  return rest.length > 0 ? feature : undefined
}
