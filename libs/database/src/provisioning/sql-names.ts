/** Role and schema names come from configuration: only plain lower-case identifiers are accepted. */
export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain SQL name: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** A name read from PostgreSQL's own catalog (a constraint's, say): quoted as it is. */
export function quoteCatalogName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
