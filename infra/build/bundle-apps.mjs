// Bundles each app's compiled entry (`<app>/dist/main.js`, from tsc -b) with the code it imports
// into one CommonJS file, `<app>/dist/main.bundle.cjs`, and puts the entry point every deployment
// starts beside it, `<app>/dist/start.cjs` (infra/app-entries.json, the Dockerfile), which runs
// the bundle through V8's code cache (infra/build/start-bundle.cjs). Profiled: an unbundled app
// spent ~2.4 s of CPU starting, most of it finding, reading and parsing ~3,000 module files one by
// one; bundled, ~1.1 s; bundled and cached, ~0.5 s. CommonJS because Node 20 caches compiled code
// only for scripts, not ES modules; so an app's main has no top-level await (the build fails on
// one). The code is the same compiled JavaScript (decorator metadata included), not minified, so
// stack traces still name readable functions.
import { copyFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const entries = JSON.parse(readFileSync(join(root, 'infra/app-entries.json'), 'utf8'));

/** What stays in node_modules, loaded at run time as before. */
const EXTERNAL = [
  // Optional packages the frameworks load only if installed (none is): Nest's other transports
  // and platforms, TypeORM's other drivers, pg's native binding.
  /^@nestjs\/(websockets|platform-fastify|platform-socket\.io|graphql)(\/|$)/,
  /^(class-transformer|class-validator|@fastify\/static|cache-manager)(\/|$)/,
  /^(mqtt|amqplib|amqp-connection-manager|kafkajs|@grpc\/grpc-js|@grpc\/proto-loader|ioredis-mock)(\/|$)/,
  /^(pg-native|pg-query-stream|mysql2?|oracledb|sqlite3|better-sqlite3|sql\.js|mssql|mongodb|redis|hdb-pool|@sap\/hana-client|typeorm-aurora-data-api-driver|react-native-sqlite-storage|@google-cloud\/spanner|@sqltools\/formatter|kerberos)(\/|$)/,
  // Packages that find their own files from where they are installed (__dirname,
  // require.resolve of their package): the queue board's UI, the session table's SQL, the
  // Redis client's package.json and error stacks.
  /^@bull-board\//,
  /^connect-pg-simple$/,
  /^ioredis(\/|$)/,
];

const ENTRY_SUFFIX = '/dist/start.cjs';
const LAUNCHER = join(root, 'infra/build/start-bundle.cjs');

async function bundleApp(name, entryPath) {
  if (!entryPath.endsWith(ENTRY_SUFFIX)) throw new Error(`${name}: ${entryPath} does not end in ${ENTRY_SUFFIX}`);
  const dist = join(root, entryPath.slice(0, -ENTRY_SUFFIX.length), 'dist');
  const input = join(dist, 'main.js');
  const problems = [];
  const bundle = await rolldown({
    input,
    cwd: root,
    platform: 'node',
    external: EXTERNAL,
    logLevel: 'warn',
    onLog(level, log) {
      // An import nothing provides would fail only when that code runs: fail the build instead.
      if (log.code === 'UNRESOLVED_IMPORT' || level === 'warn') problems.push(`${log.code}: ${log.message}`);
    },
  });
  try {
    // dynamicImportInCjs: false turns import() into require(): a script run from V8's code cache
    // (start.cjs) has no module loader for import() without an experimental flag.
    const { output } = await bundle.generate({
      format: 'cjs',
      codeSplitting: false,
      dynamicImportInCjs: false,
    });
    // Written beside and renamed into place: an app starting meanwhile (`npm run dev` rebundles
    // while the product runs) reads the old bundle or the new one, never half of one.
    const file = join(dist, 'main.bundle.cjs');
    writeFileSync(`${file}.tmp`, output[0].code);
    renameSync(`${file}.tmp`, file);
  } finally {
    await bundle.close();
  }
  const unexpected = problems.filter((problem) => !/^(EVAL|CIRCULAR_DEPENDENCY|THIS_IS_UNDEFINED)/.test(problem));
  if (unexpected.length) throw new Error(`${name}:\n${unexpected.join('\n')}`);
  copyFileSync(LAUNCHER, join(root, `${entryPath}.tmp`));
  renameSync(join(root, `${entryPath}.tmp`), join(root, entryPath));
}

// Names on the command line bundle only those apps (`npm run dev`, after a change to their code).
const only = process.argv.slice(2);
const selected = Object.entries(entries).filter(([name]) => only.length === 0 || only.includes(name));
const started = Date.now();
await Promise.all(selected.map(([name, path]) => bundleApp(name, path)));
console.log(`bundled ${selected.length} apps in ${((Date.now() - started) / 1000).toFixed(1)} s`);
