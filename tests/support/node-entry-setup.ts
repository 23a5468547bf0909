import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where node-entry.ts writes its bundles: inside the project, removed after the run. */
    nodeEntryDir: string;
  }
}

export default function setup(project: TestProject) {
  // Inside the project, so that the bundles' package imports resolve to its node_modules.
  const parent = path.resolve(import.meta.dirname, '../../node_modules/.cache');
  fs.mkdirSync(parent, { recursive: true });
  const dir = fs.mkdtempSync(path.join(parent, 'carteira-rv-tests-'));
  project.provide('nodeEntryDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
