export type TestDatabasePlan = { kind: 'postgres'; url: string } | { kind: 'pglite-only' } | { kind: 'missing' } | { kind: 'conflict'; reason: string };

/** The suites that need a PostgreSQL server, by vitest project name. */
export const POSTGRES_PROJECTS: readonly string[];

/** Which database suites a test run includes, read from the environment. */
export function testDatabasePlan(env: Record<string, string | undefined>): TestDatabasePlan;

/** The vitest projects that run besides unit and integration (PGlite). */
export function postgresProjects(env: Record<string, string | undefined>): string[];

/** What a run that cannot go ahead prints (with the fix), or null when it can. */
export function refusal(plan: TestDatabasePlan): string | null;

/** The banner of a PGlite-only run, printed when it starts and again when it ends; null otherwise. */
export function pgliteOnlyNotice(plan: TestDatabasePlan): string | null;
