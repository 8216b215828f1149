/** Values that tests/support/global-setup.ts hands to test files through Vitest's `provide`/`inject`. */
export type DbEngine = "pglite" | "postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** Set per project in vitest.config.ts. */
    dbEngine: DbEngine;
    /** PGlite: the DATA_DIR whose `pglite` folder holds the imported database (closed between files). */
    pgliteDataDir: string;
    /** PostgreSQL: URL of the per-run database the classifiers were imported into. */
    postgresUrl: string;
    /**
     * The same freshly imported database, copied before any test file ran (a PGlite DATA_DIR, a
     * PostgreSQL URL): for the fuzzers, which look through every table for rows a refused request
     * wrote — on the shared database, the rows other files left (catalogues, register imports) made
     * each of those checks scan them (1,500 requests: 300 s against 20 s on PostgreSQL).
     */
    pgliteFuzzDataDir: string;
    postgresFuzzUrl: string;
    /** The reference data folder the import read. */
    classifierDataDir: string;
  }
}
