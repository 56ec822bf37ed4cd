// zod builds fast object parsers with `new Function` when it may, and probes for that by calling
// it, which the app's Content-Security-Policy (no 'unsafe-eval') reports as a violation on every
// page. zod reads this setting when its schemas are created, as the app's bundles load; a
// classic script runs before any module script, whatever the bundler's chunk order.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
