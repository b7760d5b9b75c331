import { defineConfig } from "vitest/config"

/**
 * Files that use `layer(…)` from @effect/vitest, which assigns its runtime's `it.effect` and `it.scoped` onto the
 * `it` every file imports: a later file sharing their worker would run its tests in their layer (the live clock
 * where the test clock belongs). They get workers of their own.
 */
const withLayers = [
  "test/cli/ServedAndSharded.test.ts",
  "test/export/html/HtmlReport.test.ts",
  "test/openapi/LiveServe.test.ts",
  "test/service/ProtocolReplies.test.ts"
]

/**
 * Workers are kept from file to file (`isolate: false`): loading effect's thousand modules once per worker instead
 * of once per file took collection from 155 s to 13 s of a 2-core run. So a test file may rely on no module state
 * another leaves; what it opens (servers, child processes, stores) it closes, scoped, as everywhere. Each project
 * runs in workers of its own.
 *
 * One worker per core, not vitest's default of one fewer (a single worker on 2 cores): most tests wait on the
 * child processes and servers they start, and a second worker runs beside them instead of leaving a core idle.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: "100%",
    poolOptions: { forks: { isolate: false } },
    // The build the CLI and crash tests run: the sources under test, bundled as users run them.
    globalSetup: ["test/globalSetup.ts"],
    projects: [
      { extends: true, test: { name: "shared", include: ["test/**/*.test.ts"], exclude: withLayers } },
      { extends: true, test: { name: "layers", include: withLayers } }
    ]
  }
})
