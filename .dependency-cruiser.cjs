/**
 * The shape of the code, checked by `npm test` (scripts/test.sh → `npm run lint:deps`). The server is layered: a
 * folder may import folders of lower layers only, never a sibling of its own layer, so the folder graph cannot have a
 * cycle. Features sit above the infrastructure and never import each other. docs/ARCHITECTURE.md draws the layers.
 * The signed-in app in the browser is layered the same way (APP_LAYERS), its features in src/app/features.
 */

/** src/server, lowest first. Each entry is one layer: folders (or files) that may not import each other. */
const SERVER_LAYERS = [
  ['config'],
  ['http'],
  ['db'],
  ['events'],
  ['auth', 'credits', 'storage'],
  ['jobs'],
  ['media'],
  ['providers'],
  ['features'],
  ['api', 'web'],
  ['main\\.ts'],
];

const server = (name) => `^src/server/${name}(/|$)`;
const any = (names) => `^src/server/(${names.join('|')})(/|$)`;

const layerRules = SERVER_LAYERS.flatMap((layer, index) => {
  const higher = SERVER_LAYERS.slice(index + 1).flat();
  return layer.flatMap((name) => {
    const siblings = layer.filter((other) => other !== name);
    return [
      higher.length > 0 && {
        name: `layer-${name.replace(/\\/g, '')}-imports-only-lower-layers`,
        comment: `src/server/${name} may import only layers below it (${SERVER_LAYERS.slice(0, index).flat().join(', ') || 'none'}).`,
        severity: 'error',
        from: { path: server(name) },
        to: { path: any(higher) },
      },
      siblings.length > 0 && {
        name: `layer-${name}-imports-no-sibling`,
        comment: `src/server/${name} and ${siblings.join(', ')} are one layer: neither imports the other.`,
        severity: 'error',
        from: { path: server(name) },
        to: { path: any(siblings) },
      },
    ].filter(Boolean);
  });
});

/**
 * The browser app, lowest first; each layer imports only the layers below it. What several features share lives in
 * the three lower layers; the wiring (routes, lazy screens, App, the auth gate, the layout) sits above the features.
 */
const APP_LAYERS = [
  { name: 'lib', path: '^src/lib/', what: 'src/lib' },
  { name: 'stores', path: '^src/stores/', what: 'src/stores' },
  { name: 'components', path: '^src/app/components/', what: 'src/app/components' },
  { name: 'features', path: '^src/app/features/', what: 'src/app/features' },
  {
    name: 'wiring',
    path: '^src/app/(?!components/|features/)',
    what: 'the wiring (routes, screens, App, AuthGate, layout)',
  },
];

const appLayerRules = APP_LAYERS.slice(0, -1).map((layer, index) => {
  const higher = APP_LAYERS.slice(index + 1);
  return {
    name: `app-${layer.name}-imports-only-lower-layers`,
    comment: `${layer.what} never imports a layer above it: ${higher.map((up) => up.what).join(', ')}.`,
    severity: 'error',
    from: { path: layer.path },
    to: { path: higher.map((up) => up.path) },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module imports itself through others.',
      severity: 'error',
      from: {},
      // A job spec names its handler through `typeof import('./handler.ts')` (jobs/registry.ts `handlerIn`), a type
      // the compiler checks and erases, while the handler imports the spec's payload types: no cycle at run time.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-import'] } },
    },
    {
      name: 'browser-never-imports-server',
      comment: 'Pages, islands, the app and its stores run in browsers: server code must never reach them.',
      severity: 'error',
      from: { path: '^src/(app|lib|stores|islands|components|pages|layouts|icons|config)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'contract-imports-only-contract',
      comment: 'src/contract is shared by browser and server, so it depends on neither.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^src/(?!contract/)' },
    },
    {
      name: 'feature-imports-no-other-feature',
      comment: 'A feature is one folder: it uses infrastructure and features/deps.ts, never another feature.',
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/' },
      to: { path: '^src/server/features/', pathNot: ['^src/server/features/$1/', '^src/server/features/deps\\.ts$'] },
    },
    ...layerRules,
    {
      name: 'app-feature-imports-no-other-feature',
      comment:
        'An app feature is one folder: what another feature also needs goes down to src/app/components, src/lib or src/stores.',
      severity: 'error',
      from: { path: '^src/app/features/([^/]+)/' },
      to: { path: '^src/app/features/', pathNot: '^src/app/features/$1/' },
    },
    ...appLayerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
    // Type-only imports count: a layer must not even know the types of a higher one.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
