/**
 * ESLint rule `local/import-boundaries` (issue 21): imports between feature folders go one way.
 *
 * - A file in `<tree>/<A>/` (a feature folder, e.g. `server/features/leads/`) may import its own
 *   feature, the platform folders and `shared/`, and another feature B only through B's
 *   `index.ts` (`<tree>/<B>/index.ts`), never B's repository, service file or other internals.
 * - A platform folder (e.g. `server/db/`, `app/src/components/`) imports no feature at all: only
 *   the entry points that wire features together (`server/app.ts`, `server/wiring.ts`, ...) do,
 *   and they are simply not platform folders.
 *
 * - No feature and no platform folder imports an entry point (`entries`: `server/wiring.ts`,
 *   `server/app.ts`, ...): the bag of every service is the entry points' own.
 * - A feature's index.ts lends no repository: it imports and re-exports a `*.repository.ts` only
 *   as types (issue 34; another feature calls a service instead), and names no slice of one
 *   (`Pick<…Repository…>`/`Omit<…>`): what others need is a service the feature builds.
 * - `forbid`: trees that must not import each other at all (the owner app imports no server code).
 * - Every way a module is reached counts as an import: `import`/`export ... from`, `import()`,
 *   `require()`/`require.resolve()` and a `createRequire(...)` function, and vitest's
 *   `vi.mock()`/`vi.doMock()`/`vi.importActual()`/... A path built at run time (a template
 *   literal with `${}`, a variable) cannot be checked and is refused (issue 34's probes).
 *
 * Relative specifiers are resolved against the importing file, so the rule holds at any depth
 * and in both trees alike. Options: `{ root, trees, platform, entries, forbid }`, paths relative
 * to `root`.
 */
import path from 'node:path';

const INDEX = /^index\.(ts|tsx|js|mjs)$|^index$/;

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features import each other only through their index.ts; platform folders import no feature.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          trees: { type: 'array', items: { type: 'string' } },
          platform: { type: 'array', items: { type: 'string' } },
          entries: { type: 'array', items: { type: 'string' } },
          forbid: {
            type: 'array',
            items: {
              type: 'object',
              properties: { from: { type: 'string' }, to: { type: 'string' }, except: { type: 'string' } },
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      internal: "'{{from}}' may use feature '{{to}}' only through {{index}}, not '{{target}}' (docs/architecture.md, import boundaries).",
      platform: "Platform folder '{{folder}}' must not import feature '{{to}}' ('{{target}}'): only the wiring file and the entry points do.",
      entry: "'{{from}}' must not import the entry point '{{target}}': only the entry points compose services (docs/architecture.md, import boundaries).",
      tree: "'{{from}}' must not import '{{target}}': {{fromTree}}/ imports nothing from {{toTree}}/ (docs/architecture.md, import boundaries).",
      lends: "A feature's index.ts lends no repository: '{{target}}' only as `export type`/`import type`; export a service instead (issue 34).",
      slice: "A feature's index.ts lends no slice of a repository: `{{helper}}<{{name}}, …>`; type a service the feature builds instead (issue 34).",
      dynamic: 'A module path built at run time cannot be checked against the import boundaries: name the module with a string literal.',
    },
  },
  create(context) {
    const { root = process.cwd(), trees = [], platform = [], entries = [], forbid = [] } = context.options[0] ?? {};
    const rel = (file) => path.relative(root, file).split(path.sep).join('/');
    /** The feature a repository path belongs to: its tree and name, or undefined. */
    const featureOf = (file) => {
      for (const tree of trees) {
        if (file.startsWith(`${tree}/`)) {
          const [name, ...rest] = file.slice(tree.length + 1).split('/');
          // A file directly in the tree (e.g. a shared test of all features) belongs to none.
          if (name && rest.length) return { tree, name, rest: rest.join('/') };
        }
      }
      return undefined;
    };
    const platformOf = (file) => platform.find((folder) => file.startsWith(`${folder}/`));
    const under = (file, folder) => file === folder || file.startsWith(`${folder}/`);

    const filename = rel(context.filename);
    const own = featureOf(filename);
    const folder = own ? undefined : platformOf(filename);
    const isIndex = own !== undefined && INDEX.test(own.rest);
    const trees_ = forbid.filter((f) => under(filename, f.from) && !(f.except && new RegExp(f.except).test(filename)));

    function check(node, specifier, typeOnly = false) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const targetPath = rel(path.resolve(path.dirname(context.filename), specifier));
      const banned = trees_.find((f) => under(targetPath, f.to));
      if (banned) {
        context.report({ node, messageId: 'tree', data: { from: filename, target: targetPath, fromTree: banned.from, toTree: banned.to } });
        return;
      }
      if ((own || folder) && entries.some((entry) => targetPath === entry || targetPath === entry.replace(/\.ts$/, ''))) {
        context.report({ node, messageId: 'entry', data: { from: own ? `${own.tree}/${own.name}` : folder, target: targetPath } });
        return;
      }
      if (!own && !folder) return;
      // `../leads` (the folder itself) means its index.
      const target = featureOf(targetPath) ?? featureOf(`${targetPath}/index.ts`);
      if (!target) return;
      const to = `${target.tree}/${target.name}`;
      if (folder) {
        context.report({ node, messageId: 'platform', data: { folder, to, target: targetPath } });
        return;
      }
      if (target.tree === own.tree && target.name === own.name) {
        if (isIndex && !typeOnly && /\.repository(\.ts)?$/.test(target.rest)) context.report({ node, messageId: 'lends', data: { target: targetPath } });
        return;
      }
      const isTargetIndex = featureOf(targetPath) === undefined || (!target.rest.includes('/') && INDEX.test(target.rest));
      if (!isTargetIndex)
        context.report({ node, messageId: 'internal', data: { from: `${own.tree}/${own.name}`, to, index: `${to}/index.ts`, target: targetPath } });
    }

    /** A specifier node: a string literal, a template literal without `${}`, or a path built at run time. */
    function checkSpecifier(node) {
      // `vi.mock(import('./x.ts'))`: the import expression is checked on its own.
      if (!node || node.type === 'ImportExpression') return;
      if (node.type === 'Literal' && typeof node.value === 'string') check(node, node.value);
      else if (node.type === 'TemplateLiteral' && node.expressions.length === 0) check(node, node.quasis[0].value.cooked);
      else context.report({ node, messageId: 'dynamic' });
    }

    // Names bound to a require function: `require` itself and `const r = createRequire(...)`.
    const requireNames = new Set(['require']);
    const isCreateRequire = (callee) =>
      (callee.type === 'Identifier' && callee.name === 'createRequire') ||
      (callee.type === 'MemberExpression' && !callee.computed && callee.property.name === 'createRequire');
    const VITEST_PATHS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);
    const onlyTypes = (node) =>
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

    // In an index.ts: the names its own repositories' types go by, whose `Pick<>`/`Omit<>` would lend a slice of them.
    const repositoryNames = new Set();
    const isRepositoryName = (name) => repositoryNames.has(name) || /Repository$/.test(name);
    const REPOSITORY = /\.repository(\.ts)?$/;

    return {
      ImportDeclaration(node) {
        check(node.source, node.source.value, onlyTypes(node));
        if (isIndex && typeof node.source.value === 'string' && REPOSITORY.test(node.source.value))
          for (const specifier of node.specifiers) repositoryNames.add(specifier.local.name);
      },
      TSTypeReference(node) {
        if (!isIndex || node.typeName.type !== 'Identifier' || !['Pick', 'Omit'].includes(node.typeName.name)) return;
        const [picked] = (node.typeArguments ?? node.typeParameters)?.params ?? [];
        const name = picked?.type === 'TSTypeReference' ? picked.typeName : picked?.type === 'TSTypeQuery' ? picked.exprName : undefined;
        const last = name?.type === 'TSQualifiedName' ? name.right : name;
        if (last?.type === 'Identifier' && isRepositoryName(last.name))
          context.report({ node, messageId: 'slice', data: { helper: node.typeName.name, name: last.name } });
      },
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value, onlyTypes(node)),
      ExportAllDeclaration: (node) => check(node.source, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => checkSpecifier(node.source),
      VariableDeclarator(node) {
        if (node.id.type === 'Identifier' && node.init?.type === 'CallExpression' && isCreateRequire(node.init.callee)) requireNames.add(node.id.name);
      },
      CallExpression(node) {
        const { callee } = node;
        const isRequire =
          (callee.type === 'Identifier' && requireNames.has(callee.name)) ||
          (callee.type === 'CallExpression' && isCreateRequire(callee.callee)) ||
          (callee.type === 'MemberExpression' &&
            !callee.computed &&
            callee.property.name === 'resolve' &&
            callee.object.type === 'Identifier' &&
            requireNames.has(callee.object.name));
        const isVitest =
          callee.type === 'MemberExpression' &&
          !callee.computed &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          VITEST_PATHS.has(callee.property.name);
        if (isRequire || isVitest) checkSpecifier(node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
