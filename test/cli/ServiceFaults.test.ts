import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { type MisbehavingService, type Misbehaviour, misbehavingService } from "../support/MisbehavingService.js"
import { readCheckpoint } from "./CliChecks.js"
import { allOutput, runCli } from "./CliHarness.js"
import { failFirstAnswer, setup } from "./MisbehavingRun.js"

/** A misbehaving service whose hooks may reach the service itself (to make it go away), and a run against it. */
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
    const { checkpoint, env, file } = yield* setup(service.baseUrl, run)
    return {
      service,
      runOnce: runCli(["run", file], { env, timeout: "60 seconds" }),
      checkpoint: () => readCheckpoint(checkpoint)
    }
  })

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
