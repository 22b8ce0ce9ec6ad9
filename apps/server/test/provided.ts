declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory; each test file copies it. */
    pgliteTemplateDir: string;
    /** PostgreSQL: admin URL and the migrated template database to clone per file. */
    pgAdminUrl: string;
    pgTemplateDb: string;
  }
}

export {};
