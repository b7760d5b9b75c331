import { Clock, Duration, Effect, Option, Ref, STM, TRef } from "effect"
import { observeThrottled } from "./Ceiling.js"
import { isCapped, observePoll, observeSubmit, type PollObservation, slots } from "./FlowController.js"
import { estimate } from "./FlowEstimate.js"
import { type FlowSettings, type FlowState, makeFlowState } from "./FlowState.js"
import { nextPollAt } from "./PollSchedule.js"
import { addSojourns, noSojourns, type Sojourns } from "./Sojourns.js"

/** Cells and chat messages share the window; their answer times are learned apart (they differ). */
type UnitKind = "cells" | "chats"

interface GateState {
  /** Slots: the controller's window, rounded. */
  readonly limit: number
  readonly inFlight: number
}

/** One list to poll: its units in flight and what its last read cost. */
interface ListToPoll {
  readonly lastPollAt: number | undefined
  readonly inFlight: ReadonlyArray<readonly [sentAt: number, count: number]>
  readonly listingBytes: number
  readonly pollRtt: number
  /** Nothing waits to be sent: what is in flight is what the phase still waits on. */
  readonly draining: boolean
}

interface PollBounds {
  readonly minGap: number | undefined
  readonly maxGap: number | undefined
}

/**
 * The run's flow control: the controller's window (`FlowController`), the slots it hands out (an STM gate, so
 * taking a slot composes with taking work from a queue in one transaction), the learned answer times per kind, and
 * the poll schedule built from them. One per run, shared by the cells and the chats phases.
 */
export interface Flow {
  readonly settings: FlowSettings
  /** Waits until a slot is free, then takes between 1 and `n` (as many as are free). */
  readonly acquireUpTo: (n: number) => STM.STM<number>
  /** Counts `n` units already in flight (adopted on resume) without waiting; may exceed the window. */
  readonly force: (n: number) => Effect.Effect<void>
  readonly release: (n: number) => STM.STM<void>
  /** Runs `effect` holding one slot. */
  readonly withSlot: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  readonly gate: STM.STM<GateState>
  /** A poll's findings: answer times learned, the window moved. */
  readonly observePoll: (kind: UnitKind, poll: PollObservation) => Effect.Effect<void>
  /**
   * A 429 on `request` (its label, `METHOD /path`): the window is cut when it refused work (a run request, a
   * message). A refused read (a poll) says the service limits requests, not the work in flight: its Retry-After is
   * honoured, and the window stays. `retryAfter`: how long the service asked to wait.
   */
  readonly throttled: (request: string, retryAfter: Option.Option<Duration.Duration>) => Effect.Effect<void>
  /** A run request or message came back after `rttMillis`. */
  readonly submitted: (rttMillis: number) => Effect.Effect<void>
  /** When to read `list` next (epoch ms). */
  readonly nextPollAt: (kind: UnitKind, list: ListToPoll) => Effect.Effect<number>
  readonly state: Effect.Effect<FlowState>
  readonly sojourns: (kind: UnitKind) => Effect.Effect<Sojourns>
}

export const makeFlow = (
  settings: FlowSettings,
  options: {
    readonly bounds: PollBounds
    /** Answer times a previous run learned, to start from. */
    readonly learned?: Partial<Record<UnitKind, ReadonlyArray<number>>>
    /** Called with the slots whenever they change (the progress line shows them). */
    readonly onWindow?: (slots: number) => Effect.Effect<void>
  }
): Effect.Effect<Flow> =>
  Effect.gen(function* () {
    const start = yield* Clock.currentTimeMillis
    const controller = yield* Ref.make(makeFlowState(settings, start))
    const gate = yield* STM.commit(TRef.make<GateState>({ limit: slots(yield* Ref.get(controller)), inFlight: 0 }))
    const learned = yield* Ref.make<Record<UnitKind, Sojourns>>({
      cells: addSojourns(noSojourns, options.learned?.cells ?? []),
      chats: addSojourns(noSojourns, options.learned?.chats ?? [])
    })
    const publish = (state: FlowState) =>
      Effect.gen(function* () {
        const limit = slots(state)
        const changed = yield* STM.commit(
          TRef.modify(gate, (g) => [g.limit !== limit, g.limit === limit ? g : { ...g, limit }] as const)
        )
        if (changed && options.onWindow !== undefined) yield* options.onWindow(limit)
      })
    const update = (f: (state: FlowState, now: number) => FlowState) =>
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        yield* publish(yield* Ref.updateAndGet(controller, (state) => f(state, now)))
      })
    const acquireUpTo = (n: number) =>
      STM.gen(function* () {
        const state = yield* TRef.get(gate)
        yield* STM.check(() => state.inFlight < state.limit)
        const taken = Math.max(1, Math.min(n, state.limit - state.inFlight))
        yield* TRef.set(gate, { ...state, inFlight: state.inFlight + taken })
        return taken
      })
    const release = (n: number) =>
      TRef.update(gate, (state) => ({ ...state, inFlight: Math.max(0, state.inFlight - n) }))
    yield* options.onWindow?.(slots(yield* Ref.get(controller))) ?? Effect.void
    return {
      settings,
      acquireUpTo,
      force: (n) => STM.commit(TRef.update(gate, (state) => ({ ...state, inFlight: state.inFlight + n }))),
      release,
      withSlot: (effect) =>
        Effect.acquireUseRelease(
          STM.commit(acquireUpTo(1)),
          () => effect,
          (taken) => STM.commit(release(taken))
        ),
      gate: TRef.get(gate),
      observePoll: (kind, poll) =>
        Effect.zipRight(
          Ref.update(learned, (all) => ({ ...all, [kind]: addSojourns(all[kind], poll.sojourns) })),
          update((state, now) => observePoll(state, poll, now))
        ),
      throttled: (request, retryAfter) =>
        request.startsWith("GET ")
          ? Effect.void
          : Effect.flatMap(STM.commit(TRef.get(gate)), ({ inFlight }) =>
              update((state, now) =>
                observeThrottled(state, inFlight, now, Option.getOrUndefined(Option.map(retryAfter, Duration.toMillis)))
              )
            ),
      submitted: (rtt) => Ref.update(controller, (state) => observeSubmit(state, rtt)),
      nextPollAt: (kind, list) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const state = yield* Ref.get(controller)
          const { inFlight } = yield* STM.commit(TRef.get(gate))
          const flow = estimate(state, now)
          const units = list.inFlight.reduce((sum, [, n]) => sum + n, 0)
          const newest = list.inFlight.reduce((latest, [sentAt]) => Math.max(latest, sentAt), Number.NEGATIVE_INFINITY)
          return nextPollAt({
            ...list,
            readDelay: Math.min(list.pollRtt, Number.isFinite(state.submitRtt) ? state.submitRtt : list.pollRtt) / 2,
            sojourns: (yield* Ref.get(learned))[kind],
            answerLatency: flow.answerLatency,
            // This list's share of the answers expected.
            rate: flow.rate > 0 ? (flow.rate * units) / Math.max(units, inFlight) : Number.NaN,
            capped: isCapped(state, now),
            // While starting up, look at freshly sent units soon: are they queued, or is there room for more?
            probeSentAt: state.phase === "startup" && newest > state.lastGrowthAt ? newest : undefined,
            minGap: options.bounds.minGap,
            maxGap: options.bounds.maxGap
          })
        }),
      state: Ref.get(controller),
      sojourns: (kind) => Effect.map(Ref.get(learned), (all) => all[kind])
    } satisfies Flow
  })
