// The import rules of the whole tree (docs/architecture.md, "Layers and features"; ADR 0019).
// `npm run lint` checks them through scripts/deps.mjs, which also checks that no two features
// depend on each other through a chain (a rule per module cannot see that) and draws the graph.

/** A path in one of the two apps' feature folders; group 1 is the app, group 2 the feature. */
const FEATURE = '^apps/(server|web)/src/features/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means neither module can be loaded, tested or changed alone. Move what both need into a third module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-through-its-entry',
      severity: 'error',
      comment:
        "A feature is used only through its public entry (index.ts; in the web app also lazy.ts, whose loaders keep what others load on demand in chunks of its own). Reaching into another feature's files ties you to its insides; export the piece from its index.ts, or move it down a layer if both own it.",
      from: { path: FEATURE },
      to: {
        path: '^apps/$1/src/features/([^/]+)/',
        pathNot: ['^apps/$1/src/features/$2/', '^apps/$1/src/features/[^/]+/index\\.tsx?$', '^apps/web/src/features/[^/]+/lazy\\.ts$'],
      },
    },
    {
      name: 'composition-root-through-entries',
      severity: 'error',
      comment:
        "The composition root (app.ts, app-context.ts, the web's app/), the seed, the command line and the tests outside a feature use it through its entry like any other feature does. Only a lazy import (a route's screen) may point at a screen module, so each screen stays a chunk of its own.",
      from: { path: '^apps/(server|web)/', pathNot: FEATURE },
      to: {
        path: '^apps/$1/src/features/[^/]+/',
        pathNot: ['^apps/$1/src/features/[^/]+/index\\.tsx?$', '^apps/web/src/features/[^/]+/lazy\\.ts$'],
        dynamic: false,
      },
    },
    {
      name: 'server-lower-layers-not-up',
      severity: 'error',
      comment:
        'core/, plugins/ and domain/ (what several features know of the domain) serve every feature: they must not depend on a feature or on the composition root (app.ts, app-context.ts). Pass what they need in as an option.',
      from: { path: '^apps/server/src/(core|plugins|domain)/' },
      to: { path: ['^apps/server/src/features/', '^apps/server/src/app(-context)?\\.ts$', '^apps/server/src/(server|config)\\.ts$'] },
    },
    {
      name: 'server-features-not-up',
      severity: 'error',
      comment: 'Features are put together by app.ts; a feature that imports app.ts or server.ts depends on every other feature.',
      from: { path: '^apps/server/src/features/' },
      to: { path: ['^apps/server/src/app\\.ts$', '^apps/server/src/server\\.ts$'] },
    },
    {
      name: 'web-lower-layers-not-up',
      severity: 'error',
      comment:
        'lib/, components/, i18n/, theme/ and pwa/ serve every feature: they must not depend on an entity, a feature or the app shell. Let the feature register with them (e.g. onUnauthorized), let the app shell pass it in, or move the piece down.',
      from: { path: '^apps/web/src/(lib|components|i18n|theme|pwa)/' },
      to: { path: ['^apps/web/src/entities/', '^apps/web/src/features/', '^apps/web/src/app/'] },
    },
    {
      name: 'web-entities-not-up',
      severity: 'error',
      comment:
        'entities/ holds what several features share (the session, the signed-in user, a location…): it sits under the features and may use lib/, components/, i18n/ and theme/ and other entities, never a feature or the app shell.',
      from: { path: '^apps/web/src/entities/' },
      to: { path: ['^apps/web/src/features/', '^apps/web/src/app/'] },
    },
    {
      name: 'entity-through-its-entry',
      severity: 'error',
      comment:
        'An entity is used only through its public entry (index.ts), by features, the app shell, tests and other entities alike. Export the piece from its index.ts. (Group 1 is the entity a module belongs to, or the top folder of any other module, which names no entity.)',
      from: { path: '^apps/web/src/(?:entities/)?([^/]+)' },
      to: { path: '^apps/web/src/entities/[^/]+/', pathNot: ['^apps/web/src/entities/$1/', '^apps/web/src/entities/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'web-features-not-up',
      severity: 'error',
      comment:
        "The app shell (app/) composes the features: routes, layout, navigation. A feature that needs another's screen links to its route; a feature must not import the shell.",
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'shared-package-stands-alone',
      severity: 'error',
      comment: 'packages/shared is read by the server, the web app and the tests; it must not import from any of them.',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'apps-not-into-each-other',
      severity: 'error',
      comment: 'The server and the web app share code only through packages/shared.',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(node_modules|dist|dev-dist|coverage)/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
