import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest runs the projects' files in the order of the projects' names (api-pglite, api-postgres, components,
 * unit), each project's longest first as its last run measured them, or its largest on a fresh clone (CI). That
 * leaves the unit project's few long files (the CLI and data-directory tests, each starting server processes for
 * 15–20 s) for the end, one per core while nothing else is left. Here the projects whose files are long go first
 * and the components' many short files last, so that the run ends with both cores busy; within a project, the
 * order stays vitest's.
 */
const PROJECTS = ['unit', 'api-postgres', 'api-pglite', 'components-isolated', 'components'];

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const i = PROJECTS.indexOf(file.project.name);
      return i === -1 ? PROJECTS.length : i;
    };
    // Array.prototype.sort is stable: each project keeps vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
