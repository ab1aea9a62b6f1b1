// The layering rules of DESIGN §4, enforced by `npm run lint` (issue 14 part 6). Module cycles and SQL
// placement, which need a module's or a file's content rather than one import, are checked by
// scripts/check-layering.mjs.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'packages/domain holds vocabulary, schemas and pure rules (DESIGN §4): no I/O, no React, no Fastify, no SQL, nothing of the apps.',
      severity: 'error',
      from: { path: '^packages/domain/src/' },
      to: {
        path: [
          '^apps/',
          'node_modules/(?:pg|pg-[^/]+|@electric-sql|kysely|fastify|@fastify|fastify-[^/]+|react|react-dom|react-router|@react-router|@mantine|react-i18next|i18next|ioredis|redis|@aws-sdk|nodemailer)/',
          '^(?:node:)?(?:fs|fs/promises|net|http|https|http2|child_process|dgram|dns|tls|cluster|worker_threads|readline)$',
        ],
      },
    },
    {
      name: 'web-features-are-separate',
      comment:
        'A web feature imports no other feature (DESIGN §3): what two features share moves to app/components or app/lib.',
      severity: 'error',
      from: { path: '^apps/web/app/features/([^/]+)/' },
      to: { path: '^apps/web/app/features/', pathNot: '^apps/web/app/features/$1/' },
    },
    {
      name: 'repositories-are-private',
      comment:
        "A module's tables are its own (DESIGN §4, issue 14): another module calls its service, never its repository.",
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: { path: '^apps/api/src/modules/[^/]+/.*[.]repository[.]ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'no-import-cycles',
      comment:
        'Files import each other in one direction only (type-only imports aside: they leave nothing at run time).',
      severity: 'error',
      from: { path: '^(?:apps/api/src|packages/domain/src|apps/web/app)/' },
      to: {
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(?:apps|packages)/[^/]+/(?:dist|build|\\.react-router)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@palco/source', 'import', 'types', 'default', 'node'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
}
