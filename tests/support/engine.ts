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
    /** The reference data folder the import read. */
    classifierDataDir: string;
  }
}
