import { Effect, STM, TRef } from "effect"

export interface LimitState {
  /** Current cap on units in flight, between 1 and `max`. */
  readonly limit: number
  readonly inFlight: number
  /** Successes since the last change of `limit`. */
  readonly streak: number
}

/**
 * AIMD limit of cells and chat messages in flight, shared by both. A 429 halves the limit (down to 1); every
 * `limit` successes in a row add one (up to `max`), so the limit settles near what the service can take — TCP's
 * congestion avoidance applied to requests. Built on STM: waiting for a free slot is `STM.check`, and taking a
 * slot can be composed with taking work from a queue in one transaction.
 */
export interface AdaptiveLimit {
  readonly max: number
  /** Waits until a slot is free, then takes between 1 and `n` slots (as many as are free). */
  readonly acquireUpTo: (n: number) => STM.STM<number>
  /** Counts `n` units already in flight (adopted on resume) without waiting; may exceed the limit. */
  readonly force: (n: number) => Effect.Effect<void>
  readonly release: (n: number) => STM.STM<void>
  /** Runs `effect` holding one slot. */
  readonly withSlot: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Multiplicative decrease after a 429. */
  readonly onThrottled: Effect.Effect<void>
  /** Additive increase: `n` more requests or cells went through without throttling. */
  readonly onSuccess: (n: number) => Effect.Effect<void>
  readonly state: STM.STM<LimitState>
}

export const halve = (state: LimitState): LimitState => ({
  ...state,
  limit: Math.max(1, Math.floor(state.limit / 2)),
  streak: 0
})

export const grow = (state: LimitState, successes: number, max: number): LimitState => {
  let { limit, streak } = state
  streak += successes
  while (limit < max && streak >= limit) {
    streak -= limit
    limit += 1
  }
  return { ...state, limit, streak: limit >= max ? 0 : streak }
}

export const makeAdaptiveLimit = (max: number): Effect.Effect<AdaptiveLimit> =>
  Effect.map(TRef.make<LimitState>({ limit: max, inFlight: 0, streak: 0 }), (ref) => {
    const acquireUpTo = (n: number) =>
      STM.gen(function* () {
        const state = yield* TRef.get(ref)
        yield* STM.check(() => state.inFlight < state.limit)
        const taken = Math.max(1, Math.min(n, state.limit - state.inFlight))
        yield* TRef.set(ref, { ...state, inFlight: state.inFlight + taken })
        return taken
      })
    const release = (n: number) =>
      TRef.update(ref, (state) => ({ ...state, inFlight: Math.max(0, state.inFlight - n) }))
    return {
      max,
      acquireUpTo,
      force: (n) => STM.commit(TRef.update(ref, (state) => ({ ...state, inFlight: state.inFlight + n }))),
      release,
      withSlot: (effect) =>
        Effect.acquireUseRelease(
          STM.commit(acquireUpTo(1)),
          () => effect,
          (taken) => STM.commit(release(taken))
        ),
      onThrottled: STM.commit(TRef.update(ref, halve)),
      onSuccess: (n) => STM.commit(TRef.update(ref, (state) => grow(state, n, max))),
      state: TRef.get(ref)
    }
  })
