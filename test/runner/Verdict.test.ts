import { assert, describe, it } from "@effect/vitest"
import { Duration } from "effect"
import { furthest, verdictOf } from "../../src/runner/Verdict.js"

const task = (task_status: string, error?: string) => ({
  task_status,
  response: "",
  meta: error === undefined ? {} : { error }
})
const judged = (status: string) => verdictOf(task(status, "boom"), status, 0, Duration.minutes(1))

describe("Verdict", () => {
  it("a status that names a failure is asked again; one the interface does not know is failed for good, saying why", () => {
    for (const status of ["failure", "failed", "ERROR", "cancelled", "timed_out"]) {
      const verdict = judged(status)
      assert.deepStrictEqual(verdict, {
        _tag: "failure",
        reason: `task_status "${status}": boom`,
        timedOut: false,
        again: true
      })
    }
    for (const status of ["completed", "queued", "done"]) {
      const verdict = judged(status)
      assert.strictEqual(verdict._tag, "failure")
      if (verdict._tag !== "failure") return
      assert.isFalse(verdict.again, status)
      assert.include(verdict.reason, `task_status "${status}": boom is not one the interface knows`)
      assert.include(verdict.reason, "--only-failed")
    }
    // Past cell_timeout a pair still pending is asked again.
    const late = verdictOf(task("pending"), "pending", 61_000, Duration.minutes(1))
    assert.deepStrictEqual(late._tag === "failure" && [late.timedOut, late.again], [true, true])
  })

  it("of the copies of one unit, the one furthest along wins, whatever the order", () => {
    const copies = [task("success"), task("pending"), task("failure"), task("running")]
    assert.strictEqual(furthest(copies)?.task_status, "success")
    assert.strictEqual(furthest(copies.slice(1))?.task_status, "failure")
    assert.strictEqual(furthest([task("running"), task("pending")])?.task_status, "running")
    assert.isUndefined(furthest([]))
  })
})
