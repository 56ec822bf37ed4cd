// Types of embedded-postgres.mjs, for the TypeScript test harness (libs/testing).
export interface EmbeddedPostgres {
  /** Where the cluster's files are (not `dataDir` when the postgres user cannot reach it). */
  readonly clusterDir: string;
  readonly port: number;
  /** Initialises the cluster when it has none yet, then starts the server. */
  start(): Promise<void>;
  /** A real shutdown (every open connection is dropped); the data stays. */
  stop(): Promise<void>;
  /** Stops the server for good and removes the cluster. */
  destroy(): Promise<void>;
}

export function embeddedPostgres(options: {
  dataDir: string;
  port: number;
  sharedBase?: string;
  onLog?: (line: string) => void;
}): EmbeddedPostgres;
