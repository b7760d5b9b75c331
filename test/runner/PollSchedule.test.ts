import { assert, describe, it } from "@effect/vitest"
import {
  answersWorthAPoll,
  defaultMaxGapMs,
  firstLookMs,
  nextPollAt,
  type PollPlanInput
} from "../../src/runner/flow/PollSchedule.js"
import { addSojourns, noSojourns } from "../../src/runner/flow/Sojourns.js"

const learned = (values: ReadonlyArray<number>) => addSojourns(noSojourns, values)

const plan = (fields: Partial<PollPlanInput>): PollPlanInput => ({
  lastPollAt: undefined,
  inFlight: [[0, 50]],
  sojourns: noSojourns,
  listingBytes: 0,
  pollRtt: 0,
  readDelay: 0,
  answerLatency: Number.NaN,
  rate: Number.NaN,
  capped: false,
  draining: false,
  probeSentAt: undefined,
  minGap: undefined,
  maxGap: undefined,
  ...fields
})

/**
 * Polls of one list whose units were all sent at `sentAt` and finish at `doneAt` (each), each poll taking away the
 * units done by then: the poll times until the last unit is seen.
 */
const pollsUntilSeen = (input: PollPlanInput, sentAt: number, doneAt: ReadonlyArray<number>) => {
  const times: Array<number> = []
  let left = [...doneAt]
  let last = input.lastPollAt
  while (left.length > 0 && times.length < 500) {
    const at = nextPollAt({ ...input, lastPollAt: last, inFlight: [[sentAt, left.length]] })
    times.push(at)
    left = left.filter((done) => done > at)
    last = at
  }
  return times
}

describe("PollSchedule", () => {
  it("before any answer: a first look soon after sending, then at 1.5 × the age of the oldest unit", () => {
    const times = pollsUntilSeen(
      plan({}),
      0,
      Array.from({ length: 10 }, () => 10_000)
    )
    assert.strictEqual(times[0], firstLookMs)
    assert.deepStrictEqual(times.slice(0, 4), [50, 100, 200, 400])
    // Ten seconds of silence cost a handful of polls, not one per interval.
    assert.isAtMost(times.length, 10)
  })

  it("a batch sent to a fixed 200 ms service is read right when it is due, not before", () => {
    const sojourns = learned(Array.from({ length: 200 }, (_, i) => 200 + (i % 10)))
    const at = nextPollAt(
      plan({ sojourns, inFlight: [[1000, 50]], answerLatency: 200, rate: 250, pollRtt: 12, readDelay: 2 })
    )
    // Half the batch is done by ~205 ms; the poll leaves just before, as the service reads the list on arrival.
    assert.isAtLeast(at, 1000 + 198)
    assert.isAtMost(at, 1000 + 206)
  })

  it("answers of a 2-minute service cost a handful of polls", () => {
    const answers = Array.from({ length: 100 }, (_, i) => 110_000 + 200 * i)
    const times = pollsUntilSeen(
      plan({ sojourns: learned(answers), answerLatency: 120_000, rate: 0.8, listingBytes: 20_000 }),
      0,
      answers
    )
    // While nothing can be done, a poll every 30 s at most; then one per few answers.
    assert.isAtMost(times.filter((at) => at < 110_000).length, 4)
    assert.isAtMost(times.length / answers.length, 0.3)
  })

  it("a costly list waits for more answers per poll, but never longer than a share of the answer time", () => {
    const sojourns = learned(Array.from({ length: 200 }, (_, i) => 150 + (i % 100)))
    const cheap = plan({ sojourns, answerLatency: 200, rate: 250, listingBytes: 2_000, lastPollAt: 0 })
    const costly = { ...cheap, listingBytes: 400_000 }
    assert.isBelow(answersWorthAPoll(cheap, 1000), answersWorthAPoll(costly, 1000))
    const steady = (input: PollPlanInput) =>
      nextPollAt({
        ...input,
        inFlight: Array.from({ length: 10 }, (_, i) => [-300 + 30 * i, 10] as const)
      })
    assert.isBelow(steady(cheap), steady(costly))
    // Costly or not, an answer waits unseen at most 35 % of the 200 ms answer time.
    assert.isAtMost(steady(costly), 70)
  })

  it("a unit older than anything seen is polled with growing gaps, and a list is read at least every 30 s", () => {
    const sojourns = learned(Array.from({ length: 50 }, () => 1000))
    const times = pollsUntilSeen(plan({ sojourns, answerLatency: 1000, lastPollAt: 5000 }), 0, [200_000])
    const gaps = times.map((at, i) => at - (times[i - 1] ?? 5000))
    assert.isAbove(gaps[3] ?? 0, gaps[0] ?? 0)
    assert.isAtMost(Math.max(...gaps), defaultMaxGapMs)
    // Bounds from the pipeline win.
    const bounded = nextPollAt(plan({ sojourns, inFlight: [[0, 1]], lastPollAt: 5000, minGap: 2000, maxGap: 3000 }))
    assert.isAtLeast(bounded, 7000)
    assert.isAtMost(bounded, 8000)
  })

  it("draining, a unit older than anything seen is read every tenth of the time it is overdue", () => {
    const sojourns = learned(Array.from({ length: 50 }, () => 1000))
    const input = plan({ sojourns, answerLatency: 1000, lastPollAt: 5000, draining: true })
    // The phase ends when this answer is seen: no back-off to 1.4 × its age (as while other work goes on), which
    // would read it at 28 s.
    const times = pollsUntilSeen(input, 0, [21_000])
    assert.isAtMost((times.at(-1) ?? 0) - 21_000, 0.1 * 20_000 + 1)
    // A unit that never ends costs a few dozen reads in ten minutes, not one every 100 ms.
    assert.isAtMost(pollsUntilSeen(input, 0, [600_000]).length, 60)
    // A young batch of a fixed service is still read when it is due, not before.
    const fixed = learned(Array.from({ length: 200 }, (_, i) => 200 + (i % 10)))
    const young = plan({ sojourns: fixed, inFlight: [[1000, 50]], answerLatency: 200, rate: 250, draining: true })
    assert.isAtLeast(nextPollAt({ ...young, lastPollAt: 1000 }), 1000 + 198)
  })

  it("capped by a fixed concurrency, polls come sooner: every late answer leaves a worker idle", () => {
    const sojourns = learned(Array.from({ length: 200 }, (_, i) => 150 + (i % 100)))
    const inFlight = Array.from({ length: 10 }, (_, i) => [-300 + 30 * i, 5] as const)
    const input = plan({ sojourns, inFlight, answerLatency: 200, rate: 250, listingBytes: 200_000, lastPollAt: 0 })
    assert.isBelow(nextPollAt({ ...input, capped: true }), nextPollAt(input))
  })
})
