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
 * Relative specifiers are resolved against the importing file, so the rule holds at any depth
 * and in both trees alike. Options: `{ root, trees, platform }`, paths relative to `root`.
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
        },
        additionalProperties: false,
      },
    ],
    messages: {
      internal: "'{{from}}' may use feature '{{to}}' only through {{index}}, not '{{target}}' (docs/architecture.md, import boundaries).",
      platform: "Platform folder '{{folder}}' must not import feature '{{to}}' ('{{target}}'): only the wiring file and the entry points do.",
    },
  },
  create(context) {
    const { root = process.cwd(), trees = [], platform = [] } = context.options[0] ?? {};
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

    const filename = rel(context.filename);
    const own = featureOf(filename);
    const folder = own ? undefined : platformOf(filename);
    if (!own && !folder) return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const targetPath = rel(path.resolve(path.dirname(context.filename), specifier));
      // `../leads` (the folder itself) means its index.
      const target = featureOf(targetPath) ?? featureOf(`${targetPath}/index.ts`);
      if (!target) return;
      const to = `${target.tree}/${target.name}`;
      if (folder) {
        context.report({ node, messageId: 'platform', data: { folder, to, target: targetPath } });
        return;
      }
      if (target.tree === own.tree && target.name === own.name) return;
      const isIndex = featureOf(targetPath) === undefined || (!target.rest.includes('/') && INDEX.test(target.rest));
      if (!isIndex) context.report({ node, messageId: 'internal', data: { from: `${own.tree}/${own.name}`, to, index: `${to}/index.ts`, target: targetPath } });
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
