// zod builds fast object parsers with `new Function` when it may, and probes for that by calling
// it, which the app's Content-Security-Policy (no 'unsafe-eval') reports as a violation on every
// page. zod reads this setting when its schemas are created, as the app's bundles load. Deferred
// (index.html), this script still runs before any module script, whatever the bundler's chunk
// order: deferred classic scripts and module scripts run in document order once the page is
// parsed, and it comes first; but it no longer holds the first paint back.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
