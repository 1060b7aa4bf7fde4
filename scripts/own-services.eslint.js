/**
 * ESLint rule `local/own-services` (issue 34): a feature's code reads only its own feature's
 * services from the bag `app.services` (typed from server/wiring.ts). Another feature's service
 * comes in as a dependency typed from that feature's index.ts (a service's `deps`, or a route
 * plugin's options handed in by server/app.ts), so the import rule sees every crossing.
 *
 * Reports `services.x` / `app.services.x` and `const { x } = services` (or `= app.services`) in a
 * file of `<tree>/<feature>/` when `x` is not among that feature's services. Options:
 * `{ tree, services: { <feature>: [keys] } }`; a feature not named there may read none.
 */

/** Whether `node` is the bag: an identifier `services` or a member `<anything>.services`. */
const isBag = (node) =>
  (node.type === 'Identifier' && node.name === 'services') ||
  (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === 'services');

/** @type {import('eslint').Rule.RuleModule} */
export const ownServices = {
  meta: {
    type: 'problem',
    docs: { description: "A feature reads only its own services from app.services; another feature's comes in as a dependency." },
    schema: [
      {
        type: 'object',
        properties: { tree: { type: 'string' }, services: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
        additionalProperties: false,
      },
    ],
    messages: {
      foreign:
        "Feature '{{feature}}' reads '{{key}}' from app.services, which is not its own service: take the other feature's service as a dependency typed from its index.ts (issue 34).",
    },
  },
  create(context) {
    const { tree = 'server/features', services = {} } = context.options[0] ?? {};
    const file = context.filename.split('\\').join('/');
    const at = file.indexOf(`/${tree}/`);
    if (at < 0) return {};
    const [feature, ...rest] = file.slice(at + tree.length + 2).split('/');
    if (!feature || rest.length === 0) return {};
    const own = new Set(services[feature] ?? []);
    const check = (node, key) => {
      if (typeof key === 'string' && !own.has(key)) context.report({ node, messageId: 'foreign', data: { feature, key } });
    };
    return {
      MemberExpression(node) {
        if (!isBag(node.object)) return;
        check(node.property, node.computed ? (node.property.type === 'Literal' ? node.property.value : undefined) : node.property.name);
      },
      VariableDeclarator(node) {
        if (node.id.type !== 'ObjectPattern' || !node.init || !isBag(node.init)) return;
        for (const property of node.id.properties) {
          if (property.type === 'Property' && !property.computed)
            check(property.key, property.key.type === 'Identifier' ? property.key.name : property.key.value);
        }
      },
    };
  },
};

export default { rules: { 'own-services': ownServices } };
