/**
 * ESLint rule `local/sql-in-repositories` (issue 21): SQL lives only in repositories
 * (docs/architecture.md, "File names": a route or service holds no SQL; a repository holds Kysely
 * queries only).
 *
 * Reports, in every file the rule is switched on for, the entry points of Kysely's query
 * builders (`db.selectFrom(...)`, `trx.insertInto(...)`, `eb.selectFrom(...)` as a subquery, ...)
 * and an import of Kysely's raw `sql` template. `eslint.config.js` switches it on for the whole
 * code base except where SQL belongs: `*.repository.ts`, `server/db/` (connection, migrations,
 * the schema reader, prepared statements), tests, and the exceptions it names with their reason.
 * Opening a transaction (`db.transaction()`) is not a query and is not reported.
 *
 * Issue 34: the builder is found however it is named: a computed name the file spells out
 * (`db['select' + 'From']`, a template literal, a `const` holding the name) or taken off by
 * destructuring (`const { selectFrom } = db`), and Kysely reached
 * through a namespace import (`import * as k from 'kysely'`), `export ... from 'kysely'` or
 * `import('kysely')` counts as the raw `sql` import.
 */

/** Kysely's query starters: none of these names means anything else in this code base. */
const BUILDERS = new Set(['selectFrom', 'selectNoFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto']);

/**
 * The string an expression always has, as far as this file spells it out: a literal, a template
 * literal, `+` of such, or a `const` initialised with one (undefined when it is not known).
 */
function staticString(node, scope, depth = 0) {
  if (!node || depth > 5) return undefined;
  if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : undefined;
  if (node.type === 'TemplateLiteral') {
    let text = node.quasis[0].value.cooked;
    for (let i = 0; i < node.expressions.length; i++) {
      const part = staticString(node.expressions[i], scope, depth + 1);
      if (part === undefined) return undefined;
      text += part + node.quasis[i + 1].value.cooked;
    }
    return text;
  }
  if (node.type === 'BinaryExpression' && node.operator === '+') {
    const [left, right] = [staticString(node.left, scope, depth + 1), staticString(node.right, scope, depth + 1)];
    return left === undefined || right === undefined ? undefined : left + right;
  }
  if (node.type === 'Identifier') {
    for (let s = scope; s; s = s.upper) {
      const variable = s.set.get(node.name);
      if (!variable) continue;
      const def = variable.defs[0];
      if (def?.type === 'Variable' && def.parent.kind === 'const' && def.node.id.type === 'Identifier') return staticString(def.node.init, s, depth + 1);
      return undefined;
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const sqlInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'Kysely queries only in *.repository.ts (and server/db/, tests).' },
    schema: [],
    messages: {
      builder: "Kysely query '{{name}}' outside a repository: move it into a *.repository.ts of this folder (docs/architecture.md, file names).",
      rawSql: "Kysely's raw `sql` outside a repository: move the query into a *.repository.ts of this folder (docs/architecture.md, file names).",
      kyselyModule:
        "Kysely's module reached as a whole ({{how}}) outside a repository: import its types with `import type`, and keep queries in a *.repository.ts (issue 34).",
    },
  },
  create(context) {
    const { sourceCode } = context;
    const isKysely = (source) => source?.type === 'Literal' && source.value === 'kysely';
    return {
      MemberExpression(node) {
        const name = node.computed ? staticString(node.property, sourceCode.getScope(node)) : node.property.name;
        if (typeof name === 'string' && BUILDERS.has(name)) context.report({ node: node.property, messageId: 'builder', data: { name } });
      },
      // `const { selectFrom } = db`: the builder taken off the database by destructuring.
      Property(node) {
        if (node.parent.type !== 'ObjectPattern') return;
        const name = node.computed ? staticString(node.key, sourceCode.getScope(node)) : node.key.type === 'Identifier' ? node.key.name : node.key.value;
        if (typeof name === 'string' && BUILDERS.has(name)) context.report({ node: node.key, messageId: 'builder', data: { name } });
      },
      ImportDeclaration(node) {
        if (!isKysely(node.source) || node.importKind === 'type') return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.importKind !== 'type' && specifier.imported.name === 'sql')
            context.report({ node: specifier, messageId: 'rawSql' });
          if (specifier.type === 'ImportNamespaceSpecifier') context.report({ node: specifier, messageId: 'kyselyModule', data: { how: 'import * as' } });
        }
      },
      ExportAllDeclaration(node) {
        if (isKysely(node.source) && node.exportKind !== 'type') context.report({ node, messageId: 'kyselyModule', data: { how: 'export * from' } });
      },
      ExportNamedDeclaration(node) {
        if (isKysely(node.source) && node.exportKind !== 'type' && node.specifiers.some((s) => s.exportKind !== 'type'))
          context.report({ node, messageId: 'kyselyModule', data: { how: 'export from' } });
      },
      ImportExpression(node) {
        if (staticString(node.source, sourceCode.getScope(node)) === 'kysely') context.report({ node, messageId: 'kyselyModule', data: { how: 'import()' } });
      },
    };
  },
};

export default { rules: { 'sql-in-repositories': sqlInRepositories } };
