import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { repoRoot, runCli } from "./CliHarness.js"

const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version
const cache = join(repoRoot, "node_modules", ".cache", "docsweep")

describe("how bin.js starts docsweep", () => {
  it.live("runs a bundle named by the hash of the sources, and the sources through tsx on request", () =>
    Effect.gen(function* () {
      const bundled = yield* runCli(["--version"])
      assert.strictEqual(bundled.code, 0, bundled.stderr)
      assert.strictEqual(bundled.stdout.trim(), version)
      const bundles = readdirSync(cache).filter((name) => /^main-[0-9a-f]{16}\.mjs$/.test(name))
      assert.lengthOf(bundles, 1)

      const viaTsx = yield* runCli(["--version"], { env: { DOCSWEEP_NO_BUNDLE: "1" } })
      assert.strictEqual(viaTsx.code, 0, viaTsx.stderr)
      assert.strictEqual(viaTsx.stdout.trim(), version)
    })
  )

  // Files found from the package root, not from the module's own path, which differs in the bundle.
  it.live("finds its shipped defaults from the bundle and from the sources alike", () =>
    Effect.gen(function* () {
      for (const env of [{}, { DOCSWEEP_NO_BUNDLE: "1" }]) {
        const shown = yield* runCli(["config", "pipelines/example.yaml"], { env })
        assert.strictEqual(shown.code, 0, shown.stderr)
        assert.include(shown.stdout, "config/default.yaml")
      }
    })
  )
})
