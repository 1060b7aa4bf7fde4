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
 */

/** Kysely's query starters: none of these names means anything else in this code base. */
const BUILDERS = new Set(['selectFrom', 'selectNoFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto']);

const propertyName = (node) => (node.computed ? (node.property.type === 'Literal' ? node.property.value : undefined) : node.property.name);

/** @type {import('eslint').Rule.RuleModule} */
export const sqlInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'Kysely queries only in *.repository.ts (and server/db/, tests).' },
    schema: [],
    messages: {
      builder: "Kysely query '{{name}}' outside a repository: move it into a *.repository.ts of this folder (docs/architecture.md, file names).",
      rawSql: "Kysely's raw `sql` outside a repository: move the query into a *.repository.ts of this folder (docs/architecture.md, file names).",
    },
  },
  create(context) {
    return {
      MemberExpression(node) {
        const name = propertyName(node);
        if (typeof name === 'string' && BUILDERS.has(name)) context.report({ node: node.property, messageId: 'builder', data: { name } });
      },
      ImportDeclaration(node) {
        if (node.source.value !== 'kysely' || node.importKind === 'type') return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.importKind !== 'type' && specifier.imported.name === 'sql')
            context.report({ node: specifier, messageId: 'rawSql' });
        }
      },
    };
  },
};

export default { rules: { 'sql-in-repositories': sqlInRepositories } };
