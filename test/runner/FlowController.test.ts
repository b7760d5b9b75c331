import { assert, describe, it } from "@effect/vitest"
import { Effect, Option, STM } from "effect"
import { observeThrottled } from "../../src/runner/flow/Ceiling.js"
import { makeFlow } from "../../src/runner/flow/Flow.js"
import { isCapped, observePoll, observeSubmit, type PollObservation } from "../../src/runner/flow/FlowController.js"
import { estimate } from "../../src/runner/flow/FlowEstimate.js"
import { type FlowState, initialWindow, makeFlowState } from "../../src/runner/flow/FlowState.js"

const auto = { auto: true, max: 1000 }

/**
 * A poll of one list that revealed units sent at `sentAt`, with nothing else to say unless given; what it left
 * unanswered is what it saw pending or running.
 */
const poll = (at: number, fields: Partial<PollObservation> = {}): PollObservation => {
  const { pending = 0, pendingFresh = 0, running = 0 } = fields
  return {
    source: "table:0",
    at,
    rtt: 5,
    gap: 50,
    sojourns: [],
    roundTrips: [],
    pending,
    pendingFresh,
    running,
    left: pending + pendingFresh + running,
    newestRevealed: at - 10,
    inFlight: 0,
    limited: true,
    ...fields
  }
}

const observeAll = (state: FlowState, polls: ReadonlyArray<PollObservation>) =>
  polls.reduce((current, next) => observePoll(current, next, next.at), state)

describe("FlowController", () => {
  it("starts small and doubles once per feedback round while nothing of ours waits at the service", () => {
    const start = makeFlowState(auto, 0)
    assert.strictEqual(start.window, initialWindow)
    const grown = observeAll(start, [poll(100, { running: 8 }), poll(200, { running: 16 })])
    assert.strictEqual(grown.window, 4 * initialWindow)
    // A poll that revealed nothing sent since the last growth is no new evidence: no growth.
    const stale = observePoll(grown, poll(210, { newestRevealed: 150, running: 16 }), 210)
    assert.strictEqual(stale.window, grown.window)
    // Not window-limited (nothing waits for a slot): no growth either.
    assert.strictEqual(observePoll(grown, poll(300, { limited: false, running: 32 }), 300).window, grown.window)
    // Units just sent still pending: maybe queued, so no growth now.
    assert.strictEqual(observePoll(grown, poll(300, { pendingFresh: 3, running: 29 }), 300).window, grown.window)
  })

  it("once units queue at the service, settles on the Little's-law target: running + the queue covering a poll gap", () => {
    // 50 workers at 200 ms: 250 answers/s; polls 100 ms apart, 5 ms round trips.
    let state = makeFlowState(auto, 0)
    state = { ...state, window: 256, phase: "startup" }
    const answered = (at: number) =>
      poll(at, {
        gap: 100,
        running: 50,
        pending: 120,
        sojourns: Array.from({ length: 25 }, () => 200),
        newestRevealed: at - 150
      })
    for (let at = 1000; at <= 4000; at += 100) state = observePoll(state, answered(at), at)
    const flow = estimate(state, 4000)
    assert.strictEqual(state.phase, "steady")
    assert.approximately(flow.rate, 250, 30)
    // 50 running + 250/s × (100 ms gap + 10 ms round trips) × 1.25 + 1 ≈ 85.
    assert.approximately(flow.target, 85, 8)
    assert.approximately(state.window, flow.target, 5)
    // It never drops more than 30 % on one poll.
    const once = observePoll({ ...state, window: 400 }, answered(4100), 4100)
    assert.isAtLeast(once.window, 280)
  })

  it("a 429 halves what was in flight, sets a ceiling that narrows the gap to the cap while it holds, then probes slowly", () => {
    let state = { ...makeFlowState(auto, 0), window: 200 }
    state = observeThrottled(state, 180, 1000, 1000)
    assert.strictEqual(state.window, 90)
    // The first 429 may follow a doubling that overshot the cap by up to 2 ×: the ceiling goes well under it.
    assert.strictEqual(state.ceiling, 135)
    // Empty queue and window-limited: it grows up to the ceiling; once a round carried that, the ceiling goes halfway
    // to the 180 refused (the cap is in between), and stays there once the gap is under 15 % of it. Nothing more
    // until the hold (20 × the 1 s Retry-After) is over: on a fast service rounds are tens of milliseconds, and each
    // refusal stops every submission for a second.
    const rounds = (from: number, count: number, every: number) =>
      Array.from({ length: count }, (_, i) => poll(from + i * every, { running: 90 }))
    state = observeAll(state, rounds(1100, 100, 100))
    assert.strictEqual(state.ceiling, 157)
    assert.strictEqual(state.window, 157)
    // At its ceiling, with more wanted than the ceiling allows, the window counts as capped (polls come sooner).
    const wanting = { ...state, lists: new Map([["table:0", { pending: 0, running: 500 }]]) }
    assert.isTrue(isCapped(wanting, 11_000))
    assert.isFalse(isCapped({ ...wanting, window: state.ceiling / 2 }, 11_000))
    // Once the hold is over, the ceiling is probed 5 % per feedback round (the window follows a round behind).
    const probing = observeAll(state, rounds(21_100, 3, 100))
    assert.approximately(probing.ceiling, 157 * 1.05 ** 3, 1e-9)
    assert.approximately(probing.window, 157 * 1.05 ** 2, 1e-9)
    // The probe refused after requests landed: back to what rounds carried without a 429 (not 90 % of the probe),
    // where it stays (the gap to the probe is small), and the next probe waits twice as long.
    const probe = Math.ceil(probing.window)
    assert.isAbove(probing.carried, 0.9 * probe)
    const refused = observeThrottled(observeSubmit(probing, 5), probe, 21_400, 1000)
    assert.strictEqual(refused.ceiling, probing.carried)
    assert.strictEqual(refused.window, probing.carried)
    assert.strictEqual(refused.holdUntil, 21_400 + 40_000)
    assert.strictEqual(observeAll(refused, rounds(22_000, 100, 100)).ceiling, refused.ceiling)
    // Refused once more before any request landed: the gentle cut was not enough, so it halves, and what rounds
    // carried before is no longer trusted.
    const refusedTwice = observeThrottled(refused, refused.window, 21_500, 1000)
    assert.strictEqual(refusedTwice.window, 0.5 * refused.window)
    assert.approximately(refusedTwice.ceiling, 0.9 * refused.window, 1e-9)
  })

  it("a 429's hold never passes 5 minutes, however long its Retry-After or however many probes were refused", () => {
    let state = observeThrottled({ ...makeFlowState(auto, 0), window: 200 }, 180, 1000, 60_000)
    assert.strictEqual(state.holdUntil, 1000 + 5 * 60_000)
    for (let probe = 0; probe < 4; probe++) {
      const at = state.holdUntil + 100
      state = observeThrottled(observeSubmit(state, 5), Math.ceil(state.window), at, 60_000)
      assert.strictEqual(state.holdUntil, at + 5 * 60_000)
    }
  })

  it("a fixed concurrency stays put, comes back after a 429 cut, and never passes the number", () => {
    let state = makeFlowState({ auto: false, max: 50 }, 0)
    assert.strictEqual(state.window, 50)
    state = observePoll(state, poll(100, { pending: 40, running: 50 }), 100)
    assert.strictEqual(state.window, 50)
    state = observeThrottled(state, 50, 200)
    assert.strictEqual(state.window, 25)
    state = observePoll(state, poll(300, { running: 25 }), 300)
    assert.strictEqual(state.window, 31.25)
    // Halfway to the number refused while the 429's hold (20 × its Retry-After, 1 s at least) lasts, back to it after.
    for (let at = 400; at < 20_000; at += 100) state = observePoll(state, poll(at, { running: 25 }), at)
    assert.strictEqual(state.window, 43)
    for (let at = 20_300; at < 24_000; at += 100) state = observePoll(state, poll(at, { running: 25 }), at)
    assert.strictEqual(state.window, 50)
  })

  it("without statuses (a service that never shows running) it reads the queue from latency inflation", () => {
    let state: FlowState = { ...makeFlowState(auto, 0), window: 300, phase: "steady" }
    // First answers at 200 ms (no queue), then 900 ms: the same service, 700 ms of queueing; most units not listed.
    state = observeAll(
      state,
      Array.from({ length: 20 }, (_, i) =>
        poll(1000 + 100 * i, { sojourns: Array.from({ length: 10 }, () => (i < 4 ? 200 : 900)), left: 250 })
      )
    )
    const flow = estimate(state, 3000)
    assert.isTrue(flow.saturated)
    assert.isBelow(state.window, 300)
  })

  it("keeps starting up on a service that answers everything between polls, though its latency inflates", () => {
    // A 0 ms service: each poll finds every unit of the list answered, each batch a little slower than the last.
    let state = makeFlowState(auto, 0)
    for (let round = 0; round < 6; round += 1) {
      const at = 100 * (round + 1)
      const sojourns = Array.from({ length: 16 }, () => 2 + 3 * round)
      state = observePoll(state, poll(at, { sojourns, newestRevealed: at - 10 }), at)
    }
    assert.isTrue(estimate(state, 600).saturated, "latency alone reads as a queue")
    assert.strictEqual(state.phase, "startup")
    assert.strictEqual(state.window, initialWindow * 2 ** 6)
    // The same polls with units left unanswered: the queue is real, and the window stops doubling.
    const queued = observePoll(state, poll(700, { sojourns: [30], left: 40, newestRevealed: 690 }), 700)
    assert.strictEqual(queued.phase, "steady")
    assert.isAtMost(queued.window, state.window)
    // A drained poll of one table is no room while another table last showed cells queued at the service.
    const elsewhere = observePoll(state, poll(650, { source: "table:1", pending: 5, newestRevealed: 0 }), 650)
    const drainedHere = poll(700, { sojourns: [30], newestRevealed: 690 })
    assert.isAtMost(observePoll(elsewhere, drainedHere, 700).window, elsewhere.window)
    const emptied = observePoll(elsewhere, poll(660, { source: "table:1", newestRevealed: 0 }), 660)
    assert.approximately(observePoll(emptied, drainedHere, 700).window, 1.25 * emptied.window, 1e-9)
    // Under a 429's ceiling, drained polls fill the window up to it but do not raise it: on a fast service they come
    // every few tens of ms, and each refusal of a probe costs its Retry-After.
    let capped = observeThrottled(state, state.window, 800)
    const { ceiling } = capped
    for (let at = 900; at < 2000; at += 100) {
      capped = observePoll(capped, poll(at, { sojourns: [40], newestRevealed: at - 10 }), at)
    }
    assert.strictEqual(capped.ceiling, ceiling)
    assert.strictEqual(capped.window, ceiling)
  })

  it.effect("a 429 that refused work cuts the window; one that refused a poll only waits", () =>
    Effect.gen(function* () {
      const flow = yield* makeFlow({ auto: false, max: 40 }, { bounds: { minGap: undefined, maxGap: undefined } })
      const gate = yield* STM.commit(flow.acquireUpTo(40))
      assert.strictEqual(gate, 40)
      yield* flow.throttled("GET /api/ai/table/1/cell/list", Option.none())
      assert.strictEqual((yield* STM.commit(flow.gate)).limit, 40)
      yield* flow.throttled("POST /api/ai/table/1/run", Option.none())
      assert.strictEqual((yield* STM.commit(flow.gate)).limit, 20)
    })
  )
})
