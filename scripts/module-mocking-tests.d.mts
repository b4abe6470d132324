/** Test files under `root`/src that mock modules, relative to `root` (for Vitest's include). */
export function moduleMockingTests(root: string): string[];

/**
 * The suite's two Vitest projects: `include` minus the module-mocking tests in workers that import
 * the modules once (`shared-modules`), and those tests each in a fresh registry (`own-modules`).
 */
export function moduleSharingProjects(
  root: string,
  include: string[],
): {
  extends: true;
  test: { name: string; include: string[]; exclude?: string[]; isolate: boolean };
}[];
