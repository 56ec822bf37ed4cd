// The baselines replay a service's own SQL rather than restate it: this records every statement a
// TypeORM DataSource sends (with its parameters), before the DataSource is initialised.

/**
 * Makes `dataSource` log each query it sends into the returned array ({ sql, params }); empty it
 * (`recorded.length = 0`) before the work whose statements are wanted.
 */
export function statementLog(dataSource) {
  const recorded = [];
  dataSource.setOptions({
    logging: ['query'],
    logger: {
      logQuery: (sql, parameters) => recorded.push({ sql, params: parameters ?? [] }),
      logQueryError() {},
      logQuerySlow() {},
      logSchemaBuild() {},
      logMigration() {},
      log() {},
    },
  });
  return recorded;
}
