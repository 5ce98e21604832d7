/**
 * Global setup of the vitest project `e2e` (vitest.config.ts), run once before any e2e file starts:
 *
 * 1. builds the web apps the e2e servers serve (api/scripts/build-web.ts: only when `dist/` is missing or
 *    older than its sources). Each file's `startE2eServer` still checks, which then costs a directory
 *    walk; without this step the first file of a clean clone paid the build (~70 s) in its `beforeAll`,
 *    and two files run side by side (`E2E_WORKERS=2`) could both build into the same `dist/`;
 * 2. with `DATABASE_URL` set, migrates a template database once (`createE2eTemplate`: the migrations an
 *    e2e server's start runs, then the content seed, decision 0202) and hands its name to the files (`inject('e2eTemplateDatabase')`): each
 *    file's server then starts on a copy of it (`CREATE DATABASE … TEMPLATE`) instead of migrating a
 *    fresh schema (~5 s wall per file; decision 0193). With `INT_DATABASE_URLS` (CI: two clusters,
 *    decision 0192) the template, under one name, is made on the cluster of every e2e worker (one per
 *    worker, decision 0212; the worker's setup file points its `DATABASE_URL` there). The teardown drops
 *    it and whatever copies the files' background drops left (decision 0199). Without `DATABASE_URL`
 *    (PGlite in memory) files migrate their own database as before.
 *
 * Nothing when Chromium is missing (the e2e files then skip; `CHROMIUM_PATH` as in e2e.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../../scripts/build-web.ts';

/** Builds what is missing or stale (one line per app built), then makes the template database. */
export const setup = async (project: TestProject): Promise<(() => Promise<void>) | void> => {
  if (!existsSync(process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium')) return;
  await ensureWebBuilt({ log: (line) => console.log(line) });
  const url = process.env['DATABASE_URL'];
  if (!url) {
    project.provide('e2eTemplateDatabase', undefined);
    return;
  }
  // Imported here: the harness loads the whole server, which a run without Chromium does not need.
  const { createE2eTemplate, dropE2eTemplateAndCopies } = await import('./e2e-template.ts');
  const { databaseUrlsOfWorkers } = await import('@bashiri/eventstore/testing');
  const name = `e2e_template_${randomBytes(4).toString('hex')}`;
  const urls = databaseUrlsOfWorkers(url, process.env['INT_DATABASE_URLS'], project.config.maxWorkers);
  // One template per cluster, made side by side (each ~5 s of DDL on its own server).
  await Promise.all(urls.map((each) => createE2eTemplate(each, name)));
  project.provide('e2eTemplateDatabase', name);
  return async () => {
    await Promise.all(urls.map((each) => dropE2eTemplateAndCopies(each, name)));
  };
};
