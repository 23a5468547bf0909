import crypto from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { databaseUrl, waitUntilUnused, withAdmin } from './pg-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An empty, migrated database each test database is copied from (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
  }
}

/** After postgres-global-setup.ts: one migrated database per run, the template of every test database. */
export default async function setup(project: TestProject) {
  const adminUrl = project.getProvidedContext().pgUrl;
  const name = `t_template_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const database = await openDatabase({
    databaseUrl: databaseUrl(adminUrl, name),
    dataDir: '',
    purpose: 'test template',
  });
  await database.close();
  await withAdmin(adminUrl, (admin) => waitUntilUnused(admin, name));
  project.provide('pgTemplate', name);
  return () =>
    withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}
