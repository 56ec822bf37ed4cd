// Bundles each app's compiled entry (`<app>/dist/main.js`, from tsc -b) with the code it imports
// into one file, `<app>/dist/main.bundle.mjs`, the file every deployment starts
// (infra/app-entries.json, the Dockerfile). Profiled: an unbundled app spent ~2.4 s of CPU
// starting, most of it finding, reading and parsing ~3,000 module files one by one; bundled,
// ~1.1 s. The code is the same compiled JavaScript (decorator metadata included), not minified,
// so stack traces still name readable functions.
import { readFileSync } from 'node:fs';
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

// CommonJS code in the bundle may still use `require`, `__filename` or `__dirname`: an ES module
// has none, so the bundle defines them (as the bundle's own).
const BANNER = [
  "import { createRequire as __bundleRequire } from 'node:module';",
  "import { fileURLToPath as __bundleFilePath } from 'node:url';",
  "import { dirname as __bundleDirname } from 'node:path';",
  'const require = __bundleRequire(import.meta.url);',
  'const __filename = __bundleFilePath(import.meta.url);',
  'const __dirname = __bundleDirname(__filename);',
].join('\n');

const BUNDLE_SUFFIX = '/dist/main.bundle.mjs';

async function bundleApp(name, bundlePath) {
  if (!bundlePath.endsWith(BUNDLE_SUFFIX)) throw new Error(`${name}: ${bundlePath} does not end in ${BUNDLE_SUFFIX}`);
  const input = join(root, bundlePath.slice(0, -BUNDLE_SUFFIX.length), 'dist/main.js');
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
    await bundle.write({ file: join(root, bundlePath), format: 'esm', codeSplitting: false, banner: BANNER });
  } finally {
    await bundle.close();
  }
  const unexpected = problems.filter((problem) => !/^(EVAL|CIRCULAR_DEPENDENCY|THIS_IS_UNDEFINED)/.test(problem));
  if (unexpected.length) throw new Error(`${name}:\n${unexpected.join('\n')}`);
}

const started = Date.now();
await Promise.all(Object.entries(entries).map(([name, path]) => bundleApp(name, path)));
console.log(`bundled ${Object.keys(entries).length} apps in ${((Date.now() - started) / 1000).toFixed(1)} s`);
