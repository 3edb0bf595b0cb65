/**
 * The shape of the code, checked by `npm test` (scripts/test.sh → `npm run lint:deps`). The server is layered: a
 * folder may import folders of lower layers only, never a sibling of its own layer, so the folder graph cannot have a
 * cycle. Features sit above the infrastructure and never import each other. docs/ARCHITECTURE.md draws the layers.
 */

/** src/server, lowest first. Each entry is one layer: folders (or files) that may not import each other. */
const SERVER_LAYERS = [
  ['config'],
  ['http'],
  ['db'],
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

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module imports itself through others.',
      severity: 'error',
      from: {},
      to: { circular: true },
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
