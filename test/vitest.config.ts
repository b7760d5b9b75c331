import { defineConfig } from "vitest/config"

/**
 * Test files that keep no module state between tests run in shared workers (`isolate: false`), which spares each
 * file loading effect's thousand modules again: for these files 118 s of a 2-core run became 44 s. A file that
 * uses the test clock over module-level state, starts servers or child processes, or keeps a store open belongs
 * to the isolated project (the default): list a new file here only when it tests plain functions over their inputs.
 */
const shared = [
  "test/engine/**/*.test.ts",
  "test/pipeline/**/*.test.ts",
  "test/api/**/*.test.ts",
  "test/documents/**/*.test.ts",
  "test/client/**/*.test.ts",
  "test/openapi/**/*.test.ts",
  "test/export/CellValues.test.ts",
  "test/export/NeutralizeFormula.test.ts",
  "test/export/WriteCsv.test.ts",
  "test/export/WriteReports.test.ts",
  "test/export/WriteXlsx.test.ts"
]

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      { extends: true, test: { name: "shared", include: shared, isolate: false } },
      // The build the CLI and crash tests run (once: each project with a global setup runs its own).
      {
        extends: true,
        test: {
          name: "isolated",
          include: ["test/**/*.test.ts"],
          exclude: shared,
          globalSetup: ["test/globalSetup.ts"]
        }
      }
    ]
  }
})
