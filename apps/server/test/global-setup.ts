import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/core/db/database';
import { migrateToLatest } from '../src/core/db/migrate';
import { adminQuery, databasesWithPrefix, quoteIdent, withDatabase } from './pg-admin';
import './provided';

/**
 * Migrates ONE database per run and project; test files copy it (PGlite: a directory copy,
 * PostgreSQL: CREATE DATABASE ... TEMPLATE). Creating PGlite+PostGIS takes ~10 s, a copy
 * and reopen ~2.5 s.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.SAATHI_TEST_DB;
  if (kind === 'postgres') return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-template-'));
  const handle = await openDatabase({ dataDir: dir });
  await migrateToLatest(handle.db);
  await handle.close();
  project.provide('pgliteTemplateDir', dir);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

async function setupPostgres(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the integration-pg project');
  const template = `saathi_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${quoteIdent(template)}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(url, template), dataDir: os.tmpdir(), poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    // No connection may stay open on a database that is used as a template.
    await handle.close();
  }
  project.provide('pgAdminUrl', url);
  project.provide('pgTemplateDb', template);
  return async () => {
    // Per-file copies are `<template>_<hex>`; drop any a crashed worker left, then the template.
    for (const name of await databasesWithPrefix(url, `${template}_`)) {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    }
    await adminQuery(url, `DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
  };
}
