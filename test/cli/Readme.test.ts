import { execFile, spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { allOutput, makeWorkspace, repoRoot, runCli } from "./CliHarness.js"
import { mintToken, startServe } from "./ServeChild.js"

const readme = readFileSync(join(repoRoot, "README.md"), "utf8")

/** The fenced block that follows `heading`. */
const blockAfter = (heading: string) => {
  const from = readme.indexOf(heading)
  const match = /```sh\n([\s\S]*?)```/.exec(readme.slice(from))
  if (from < 0 || match === null) throw new Error(`no sh block after ${heading}`)
  return match[1] ?? ""
}

const hasCurl = spawnSync("curl", ["--version"], { stdio: "ignore" }).status === 0

/** Runs a bash script to its end, in `cwd`: its exit status and output. */
const followScript = (script: string, cwd: string) =>
  new Promise<{ readonly status: number | null; readonly stdout: string; readonly stderr: string }>((resolve) => {
    execFile("bash", ["-c", script], { cwd, encoding: "utf8", timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ status: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr })
    )
  })

describe("README", () => {
  it("links and names only files a clone has", () => {
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1] ?? "")
    for (const link of links.filter((target) => !/^[a-z]+:/.test(target))) {
      assert.isTrue(existsSync(join(repoRoot, link)), `README links ${link}`)
    }
    assert.notInclude(readme, "shared/reference")
    assert.notInclude(readme, "shared/STYLE.md")
  })

  // What the issue found: the curl examples, followed on a `serve` a pipeline had used, broke its next run.
  it.scopedLive.runIf(hasCurl)(
    "the curl examples run as written and leave a pipeline's work on the same serve alone",
    () =>
      Effect.gen(function* () {
        const ws = yield* makeWorkspace({ name: "readme-curl", count: 3 })
        const { baseUrl, data } = yield* startServe({ data: join(ws.dir, ".docsweep", "service") })
        const token = yield* mintToken(data, { user: 1, org: 1 })
        writeFileSync(join(ws.dir, "token"), token)
        const run = ["run", ws.pipeline, "--output", ws.out, "--base-url", baseUrl, "--quiet"]
        const access = ["--token-file", join(ws.dir, "token"), "--user-id", "1", "--org-id", "1"]
        const first = yield* runCli([...run, ...access, "--summary-json", ws.summaryFile], { cwd: ws.dir })
        assert.strictEqual(first.code, 0, allOutput(first))
        const table = (JSON.parse(readFileSync(ws.summaryFile, "utf8")) as { tables: Array<{ remoteId: number }> })
          .tables[0]
        // What the pipeline made at the service: its table's columns and cells, and its workspace's documents.
        const read = (path: string) =>
          Effect.promise(
            (): Promise<unknown> =>
              fetch(`${baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())
          )
        const pipelineState = Effect.all([
          read(`ai/table/${table?.remoteId}/column/list`),
          read(`ai/table/${table?.remoteId}/cell/list`),
          Effect.map(read("organization/1/document/list"), (docs) =>
            (docs as Array<{ id: number; modified_at: string }>).map((doc) => [doc.id, doc.modified_at])
          )
        ])
        const before = yield* pipelineState

        // The README's block as a user would follow it, from the serve line on, in a folder holding the samples.
        mkdirSync(dirname(data), { recursive: true })
        symlinkSync(join(repoRoot, "pipelines"), join(ws.dir, "pipelines"))
        const steps = blockAfter("### Every endpoint group with curl").split("\n").slice(1).join("\n")
        const script = [
          "set -euo pipefail",
          `npx() { shift; ${JSON.stringify(join(repoRoot, "src", "cli", "bin.js"))} "$@"; }`,
          'curl() { command curl --fail-with-body "$@"; echo; }',
          steps.replaceAll("http://127.0.0.1:8787", baseUrl)
        ].join("\n")
        // Run without blocking this process: the fetches' kept-alive connections must see the service close them.
        const followed = yield* Effect.promise(() => followScript(script, ws.dir))
        assert.strictEqual(followed.status, 0, `${followed.stdout}\n${followed.stderr}`)
        assert.include(followed.stdout, '"response":"New York"')

        assert.deepStrictEqual(yield* pipelineState, before, "the examples changed what the pipeline made")
        const again = yield* runCli([...run, ...access, "--summary-json", ws.summaryFile], { cwd: ws.dir })
        assert.strictEqual(again.code, 0, allOutput(again))
        const summary = JSON.parse(readFileSync(ws.summaryFile, "utf8")) as {
          answered: number
          cells: { success: number }
        }
        assert.deepStrictEqual([summary.answered, summary.cells.success], [0, 6], "nothing asked again, nothing lost")
      })
  )
})
