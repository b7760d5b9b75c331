import { type ChildProcess, spawn } from "node:child_process"
import * as Path from "node:path"
import { NodeHttpClient } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, type Redacted } from "effect"
import { ClientSettings } from "../../src/client/ClientSettings.js"
import { ServiceClient } from "../../src/client/ServiceClient.js"
import { resolveSecret, signToken } from "../../src/service/Auth.js"
import { asOrg, asUser, creator, tableWithColumns, tempDir, uploadText, waitUntil } from "./support.js"

const root = Path.resolve(import.meta.dirname, "../..")

interface Child {
  readonly process: ChildProcess
  readonly baseUrl: string
  readonly exited: Effect.Effect<number | null>
}

/** `serve` as a real child process (one node process: tsx as an import hook, so SIGKILL hits the server). */
const spawnService = (dataDir: string) =>
  Effect.async<Child, Error>((resume) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "src/cli/serviceMain.ts",
        "serve",
        "--port",
        "0",
        "--data",
        dataDir,
        "--engine",
        "latency",
        "--latency-ms",
        "400",
        "--workers",
        "2"
      ],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, DOCSWEEP_JWT_SECRET: "" } }
    )
    const exit = new Promise<number | null>((done) => child.once("exit", (code) => done(code)))
    let stderr = ""
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    let stdout = ""
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /^listening on (http:\/\/\S+)\n/.exec(stdout)
      if (match?.[1] !== undefined)
        resume(Effect.succeed({ process: child, baseUrl: match[1], exited: Effect.promise(() => exit) }))
    })
    child.once("exit", (code) => resume(Effect.fail(new Error(`serve exited (${code}) before listening: ${stderr}`))))
  })

/** Kills the child (if still alive) when the test ends, whatever happened. */
const scopedService = (dataDir: string) =>
  Effect.acquireRelease(spawnService(dataDir), (child) =>
    Effect.sync(() => {
      if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill("SIGKILL")
    })
  )

const clientFor = (baseUrl: string, token: Redacted.Redacted<string>) =>
  Effect.provide(
    ServiceClient,
    ServiceClient.Default.pipe(
      Layer.provide(ClientSettings.layer({ baseUrl, token, timeout: "10 seconds" })),
      Layer.provide(NodeHttpClient.layer)
    )
  )

describe("service restart", () => {
  it.live("SIGKILL mid-task loses nothing: after a restart on the same data every task completes once", () =>
    Effect.gen(function* () {
      const dataDir = yield* tempDir()
      const first = yield* scopedService(dataDir)
      const secret = yield* resolveSecret(dataDir, undefined)
      const token = yield* signToken(
        secret,
        { userId: asUser(7), organizationIds: [asOrg(3)], plan: "advanced" },
        "1 hour"
      )
      const before = yield* clientFor(first.baseUrl, token)
      const document = yield* uploadText(before)
      const queries = ["Q1", "Q2", "Q3", "Q4", "Q5", "Q6"]
      const { columns, table } = yield* tableWithColumns(before, [document.id], queries)
      const session = yield* before.createSession({ ...creator, is_multidoc: false, document_ids: [document.id] })
      yield* before.runTable(
        table.id,
        columns.map((column) => [document.id, column.id] as const)
      )
      yield* before.createMessage(session.id, { query: "Q7" })
      // Kill while a cell holds half its answer and others still wait.
      yield* waitUntil(before.listCells(table.id), (cells) =>
        cells.some((cell) => cell.task_status === "running" && cell.response !== "")
      )
      first.process.kill("SIGKILL")
      yield* first.exited
      const second = yield* scopedService(dataDir)
      const after = yield* clientFor(second.baseUrl, token)
      const cells = yield* waitUntil(
        after.listCells(table.id),
        (all) => all.every((cell) => cell.task_status === "success"),
        "20 seconds"
      )
      assert.strictEqual(cells.length, 6)
      for (const cell of cells) {
        const query = columns.find((column) => column.id === cell.ai_column_id)?.query
        assert.strictEqual(cell.response, `Answer to "${query}" for document ${document.id} (a.txt)`)
      }
      const messages = yield* waitUntil(after.listMessages(session.id), (all) => all[0]?.task_status === "success")
      assert.strictEqual(messages[0]?.response, `Answer to "Q7" for document ${document.id} (a.txt)`)
      const tasks = (yield* after.getDocument(document.id)).tasks ?? []
      assert.isTrue(tasks.some((task) => (task.nrequeue ?? 0) > 0))
      // SIGTERM stops the server cleanly.
      second.process.kill("SIGTERM")
      assert.strictEqual(yield* second.exited, 0)
    }).pipe(Effect.scoped)
  )
})
