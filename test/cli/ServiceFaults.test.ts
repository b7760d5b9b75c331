import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { type MisbehavingService, type Misbehaviour, misbehavingService } from "../support/MisbehavingService.js"
import { readCheckpoint } from "./CliChecks.js"
import { allOutput, runCli, tempDir } from "./CliHarness.js"

const token = "secret-token-0123456789abcdef"

/**
 * A pipeline of two documents × two columns against a misbehaving service on 127.0.0.1 (`run` lines go under
 * `run:`), run by the real CLI; the service and the checkpoint are there to be read afterwards.
 */
const against = (misbehaviour: (service: () => MisbehavingService) => Misbehaviour, run: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    let handle: MisbehavingService | undefined
    const service = yield* misbehavingService(
      misbehaviour(() => {
        if (handle === undefined) throw new Error("the service is not up yet")
        return handle
      })
    )
    handle = service
    const dir = yield* tempDir
    const file = join(dir, "faults.yaml")
    writeFileSync(
      file,
      [
        "name: faults",
        "documents:",
        "  - ids: [11, 12]",
        "columns:",
        '  - { name: A, query: "What is A?" }',
        '  - { name: B, query: "What is B?" }',
        "run:",
        ...run.map((line) => `  ${line}`),
        "output:",
        `  dir: ${join(dir, "out")}`,
        ""
      ].join("\n")
    )
    const env = {
      DOCSWEEP_BASE_URL: service.baseUrl,
      DOCSWEEP_TOKEN: token,
      DOCSWEEP_USER_ID: "3",
      DOCSWEEP_ORG_ID: "7"
    }
    const runOnce = runCli(["run", file], { env, timeout: "60 seconds" })
    const checkpoint = () => readCheckpoint(join(dir, "out", "state.sqlite"))
    return { service, runOnce, checkpoint }
  })

/** A failure hook that fails each pair's first answer only. */
const failFirstAnswer = () => {
  const answered = new Set<string>()
  return (documentId: number, columnId: number) => {
    const key = `${documentId}:${columnId}`
    if (answered.has(key)) return undefined
    answered.add(key)
    return "first try failed"
  }
}

describe("docsweep against a service that goes away and comes back", () => {
  it.scopedLive(
    "a re-run refused at the connection is sent again as it is: it never left, so it cannot land twice",
    () =>
      Effect.gen(function* () {
        // The service keeps task_id on re-runs, so a lost re-run reply cannot be told from a landed one; but a
        // refused connection is no lost reply. It goes away the moment it has shown the first failures, so the re-runs
        // they cause meet a closed port, and comes back 800 ms later.
        let gone = false
        const { service, runOnce, checkpoint } = yield* against(
          (self) => ({
            keepTaskId: true,
            failure: failFirstAnswer(),
            onListed: (cells) => {
              if (gone || !cells.some((cell) => cell.task_status === "failure")) return
              gone = true
              self().goAway(800)
            }
          }),
          ["cell_retries: 1", "retry: { attempts: 10, base_delay: 200ms, max_delay: 1s }"]
        )
        const run = yield* runOnce
        assert.isTrue(gone)
        assert.strictEqual(run.code, 0, allOutput(run))
        assert.deepStrictEqual([...service.runs().values()], [2, 2, 2, 2], allOutput(run))
        assert.deepStrictEqual(
          checkpoint().cells.map((cell) => [cell.state, cell.attempts]),
          Array(4).fill(["success", 2])
        )
      })
  )

  it.scopedLive("gone longer than the retries last: exit 5 naming the address; the next run sends each pair once", () =>
    Effect.gen(function* () {
      // The service goes away for 1.5 s once both columns exist, so the run request meets a closed port.
      let gone = false
      const { service, runOnce, checkpoint } = yield* against(
        (self) => ({
          onReplied: (method, path) => {
            const columns = [...self().columns().values()].flat().length
            if (gone || method !== "POST" || !path.endsWith("/column/create") || columns < 2) return
            gone = true
            self().goAway(1500)
          }
        }),
        ["retry: { attempts: 3, base_delay: 50ms, max_delay: 100ms }"]
      )
      const first = yield* runOnce
      assert.isTrue(gone)
      assert.strictEqual(first.code, 5, allOutput(first))
      assert.match(
        allOutput(first),
        /POST \/api\/ai\/table\/\d+\/run: the service is unavailable \(retries exhausted: .*connection refused \(127\.0\.0\.1:\d+\)/
      )
      // Never sent: back to waiting, not left for the next run to look for.
      assert.deepStrictEqual(
        checkpoint().cells.map((cell) => cell.state),
        Array(4).fill("pending")
      )
      yield* Effect.sleep("1600 millis")
      const second = yield* runOnce
      assert.strictEqual(second.code, 0, allOutput(second))
      assert.deepStrictEqual([...service.runs().values()], [1, 1, 1, 1])
      assert.deepStrictEqual(
        checkpoint().cells.map((cell) => [cell.state, cell.attempts]),
        Array(4).fill(["success", 1])
      )
    })
  )
})
