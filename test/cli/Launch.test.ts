import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { repoRoot, runCli } from "./CliHarness.js"

const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version

describe("how bin.js starts docsweep", () => {
  it("is plain JavaScript that runs the bundle built at install, with Node's default flags", () => {
    const bin = readFileSync(join(repoRoot, "src", "cli", "bin.js"), "utf8")
    assert.strictEqual(bin.split("\n")[0], "#!/usr/bin/env node")
    assert.notMatch(bin, /esbuild|tsx|setFlagsFromString/)
    const scripts = (
      JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
        scripts: Record<string, string>
      }
    ).scripts
    // Install builds the CLI, then writes the tests' generated OpenAPI types (skipped without dev dependencies).
    assert.strictEqual(scripts.prepare, "npm run build && npm run openapi:types --silent")
  })

  // Files found from the package root, not from the module's own path, which differs in the bundle.
  it.live("runs the built bundle and finds its shipped files from it", () =>
    Effect.gen(function* () {
      const shown = yield* runCli(["--version"])
      assert.strictEqual(shown.code, 0, shown.stderr)
      assert.strictEqual(shown.stdout.trim(), version)
      const config = yield* runCli(["config", "pipelines/example.yaml", "--json"])
      assert.strictEqual(config.code, 0, config.stderr)
      assert.include(config.stdout, "config/default.yaml")
      // Every setting has a value in JSON: null when it is not set (the key was left out).
      const entries = JSON.parse(config.stdout) as Array<{ key: string; value?: unknown }>
      assert.isTrue(entries.every((entry) => "value" in entry))
      assert.strictEqual(entries.find((entry) => entry.key === "base_url")?.value, null)
    })
  )

  it.live("starts from the code cache its command's first run wrote; a damaged cache is replaced, never trusted", () =>
    Effect.gen(function* () {
      const bundle = readFileSync(join(repoRoot, ".build", "docsweep.cjs"), "utf8")
      const hash = createHash("sha256").update(bundle).digest("hex").slice(0, 16)
      const cache = join(repoRoot, ".build", `docsweep.cjs.${hash}.other.cache`)
      assert.strictEqual((yield* runCli(["--version"])).code, 0)
      assert.isTrue(existsSync(cache), "the first run wrote the cache")
      // Damaged (another run of the same command may rewrite it meanwhile: then it is a good cache again).
      writeFileSync(cache, "not a code cache")
      const shown = yield* runCli(["--version"])
      assert.strictEqual(shown.code, 0, shown.stderr)
      assert.strictEqual(shown.stdout.trim(), version)
      assert.strictEqual(shown.stderr, "")
      assert.isAbove(readFileSync(cache).length, 100_000, "the damaged cache was written again")
    })
  )

  // A copy of bin.js in a tree without `.build/`: other tests keep using the real bundle meanwhile.
  it("says how to build when the bundle is missing", () => {
    const tree = mkdtempSync(join(tmpdir(), "docsweep-unbuilt-"))
    try {
      mkdirSync(join(tree, "src", "cli"), { recursive: true })
      copyFileSync(join(repoRoot, "src", "cli", "bin.js"), join(tree, "src", "cli", "bin.js"))
      const missing = spawnSync(process.execPath, [join(tree, "src", "cli", "bin.js"), "--version"], {
        encoding: "utf8"
      })
      assert.strictEqual(missing.status, 1)
      assert.include(missing.stderr, "run `npm run build`")
    } finally {
      rmSync(tree, { recursive: true, force: true })
    }
  })
})
