/**
 * ESLint rule `local/no-service-bag` (issue 34): no route, feature or platform code reads the bags
 * that server/app.ts decorates for main.ts, its own lifecycle and tests: `app.features` (every
 * feature's services), `app.platform`, and the `app.services` of before issue 34. A feature's
 * routes receive their feature's services as plugin options (`<feature>.feature.ts`); another
 * feature's service comes in as a dependency typed from that feature's index.ts.
 *
 * A Fastify instance is recognised without type information: an identifier named as Fastify's
 * instances are (`app`, `fastify`, `instance`, `server`), one declared with a type that names
 * `FastifyInstance`, `this`, or `<request or reply>.server`. Reported: a member read of a bag key
 * (`app.features`, `app['services']`) and its destructuring (`const { features } = app`, or a
 * parameter `{ features }: FastifyInstance`).
 */

const BAGS = new Set(['services', 'features', 'platform']);
const INSTANCE_NAMES = new Set(['app', 'fastify', 'instance', 'server']);

/** The static name of a property or key, if it has one. */
const nameOf = (node, computed) =>
  !computed && node.type === 'Identifier' ? node.name : node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;

/** Whether a type annotation's text names FastifyInstance. */
const namesFastify = (sourceCode, annotation) => Boolean(annotation) && /\bFastifyInstance\b/.test(sourceCode.getText(annotation));

/** @type {import('eslint').Rule.RuleModule} */
export const noServiceBag = {
  meta: {
    type: 'problem',
    docs: { description: "No feature, route or platform code reads app.features, app.platform or app.services; a route receives its feature's services." },
    schema: [],
    messages: {
      bag: "'{{key}}' read from a Fastify instance: a feature's routes receive their own services as plugin options from its <feature>.feature.ts (issue 34); `app.{{key}}` is for main.ts, server/app.ts's lifecycle and tests.",
    },
  },
  create(context) {
    const { sourceCode } = context;
    /** Whether `node` is (very likely) a Fastify instance. */
    function isInstance(node) {
      if (node.type === 'ThisExpression') return true;
      if (node.type === 'MemberExpression') return nameOf(node.property, node.computed) === 'server';
      if (node.type !== 'Identifier') return false;
      if (INSTANCE_NAMES.has(node.name)) return true;
      let scope = sourceCode.getScope(node);
      while (scope) {
        const variable = scope.set.get(node.name);
        if (variable) return variable.identifiers.some((id) => namesFastify(sourceCode, id.typeAnnotation));
        scope = scope.upper;
      }
      return false;
    }
    function checkPattern(pattern) {
      for (const property of pattern.properties) {
        const key = property.type === 'Property' ? nameOf(property.key, property.computed) : undefined;
        if (key && BAGS.has(key)) context.report({ node: property.key, messageId: 'bag', data: { key } });
      }
    }
    return {
      MemberExpression(node) {
        const key = nameOf(node.property, node.computed);
        if (key && BAGS.has(key) && isInstance(node.object)) context.report({ node: node.property, messageId: 'bag', data: { key } });
      },
      VariableDeclarator(node) {
        if (node.id.type === 'ObjectPattern' && node.init && isInstance(node.init)) checkPattern(node.id);
      },
      ObjectPattern(node) {
        // A parameter destructured from a declared Fastify instance: `({ features }: FastifyInstance) => …`.
        if (namesFastify(sourceCode, node.typeAnnotation)) checkPattern(node);
      },
    };
  },
};

export default { rules: { 'no-service-bag': noServiceBag } };
