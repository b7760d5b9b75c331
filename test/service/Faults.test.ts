import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Random, Redacted, Scope } from "effect"
import { pickFault } from "../../src/service/Faults.js"
import { oneCell, tempDir, testService } from "./support.js"

/** One request as a client sees it: the status, or `dropped` when the connection closed without a reply. */
const attempt = (url: string, token: string, body: string) =>
  Effect.promise(async () => {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body,
        signal: AbortSignal.timeout(3000)
      })
      await response.text()
      return { outcome: String(response.status), retryAfter: response.headers.get("retry-after") }
    } catch {
      return { outcome: "dropped", retryAfter: null }
    }
  })

/** A table with one cell made on a fault-free service that stops again: the data a faulty service then serves. */
const cellOnFaultFreeService = (dataDir: string) =>
  Effect.gen(function* () {
    const service = yield* testService({ dataDir })
    const client = yield* service.client(yield* service.token(7, 3))
    const { column, document, table } = yield* oneCell(client)
    return { document: document.id, table: table.id, column: column.id }
  }).pipe(Effect.scoped)

/** A table with one cell made on a fault-free service; then the same data served with `--fault-rate 1`. */
const faultyRun = (dataDir: string, seed: number) =>
  Effect.gen(function* () {
    const setup = yield* cellOnFaultFreeService(dataDir)
    const scope = yield* Scope.make()
    const service = yield* testService({ dataDir, faultRate: 1, seed, faultDelayMs: 100, debugEndpoints: true }).pipe(
      Scope.extend(scope)
    )
    const token = Redacted.value(yield* service.token(7, 3))
    const url = `${service.baseUrl}/api/ai/table/${setup.table}/run`
    const body = JSON.stringify({ doc_id_col_id: [[setup.document, setup.column]] })
    const outcomes = yield* Effect.forEach(Array.from({ length: 40 }), () => attempt(url, token, body))
    const client = yield* service.client(Redacted.make(token))
    const counts = yield* client.runCounts()
    yield* Scope.close(scope, Exit.void)
    return { outcomes, runs: counts[0]?.runs ?? 0 }
  })

describe("service fault injection", () => {
  it("maps draws to faults, half of drops after processing", () => {
    assert.strictEqual(pickFault(0.1, 0), "status500")
    assert.strictEqual(pickFault(0.3, 0), "status503")
    assert.strictEqual(pickFault(0.5, 0), "status429")
    assert.strictEqual(pickFault(0.7, 0.2), "dropBefore")
    assert.strictEqual(pickFault(0.7, 0.8), "dropAfter")
    assert.strictEqual(pickFault(0.99, 0), "delay")
  })

  it.live("--fault-rate 1 answers 500/503/429, drops or delays every request; --seed repeats the same faults", () =>
    Effect.gen(function* () {
      const one = yield* faultyRun(yield* tempDir(), 42)
      const kinds = new Set(one.outcomes.map((outcome) => outcome.outcome))
      assert.deepStrictEqual([...kinds].sort(), ["200", "429", "500", "503", "dropped"])
      for (const outcome of one.outcomes) {
        if (outcome.outcome === "429" || outcome.outcome === "503") assert.strictEqual(outcome.retryAfter, "1")
      }
      const delayed = one.outcomes.filter((outcome) => outcome.outcome === "200").length
      const dropped = one.outcomes.filter((outcome) => outcome.outcome === "dropped").length
      // Delayed requests are processed; dropped ones only when the drop came after processing.
      const droppedAfter = one.runs - delayed
      assert.isAbove(droppedAfter, 0)
      assert.isBelow(droppedAfter, dropped)
      const two = yield* faultyRun(yield* tempDir(), 42)
      assert.deepStrictEqual(two.outcomes, one.outcomes)
      assert.strictEqual(two.runs, one.runs)
    }).pipe(Effect.scoped)
  )

  it.live("a client that gives up during a delayed reply cancels the request before it does anything", () =>
    Effect.gen(function* () {
      // A seed whose first request draws the delay fault.
      const seed = Array.from({ length: 500 }, (_, n) => n).find((n) => {
        const random = Random.make(n)
        const draws = Effect.runSync(Effect.all([random.next, random.next, random.next]))
        return pickFault(draws[1], draws[2]) === "delay"
      })
      if (seed === undefined) return assert.fail("no seed draws a delay first")
      const dataDir = yield* tempDir()
      const { column, document, table } = yield* cellOnFaultFreeService(dataDir)
      const service = yield* testService({ dataDir, faultRate: 1, seed, faultDelayMs: 600, debugEndpoints: true })
      const token = Redacted.value(yield* service.token(7, 3))
      const outcome = yield* Effect.promise(() =>
        fetch(`${service.baseUrl}/api/ai/table/${table}/run`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ doc_id_col_id: [[document, column]] }),
          signal: AbortSignal.timeout(150)
        }).then(
          (response) => String(response.status),
          () => "gave up"
        )
      )
      assert.strictEqual(outcome, "gave up")
      yield* Effect.sleep("900 millis")
      const client = yield* service.client(Redacted.make(token))
      assert.deepStrictEqual(yield* client.runCounts(), [])
    }).pipe(Effect.scoped)
  )
})
