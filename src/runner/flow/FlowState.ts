/** The flow controller's state (see FlowController.ts for how it moves): what it keeps between observations. */

export interface FlowSettings {
  /** `concurrency: auto`: the window adapts; otherwise it is fixed at `max` (429 still cuts it). */
  readonly auto: boolean
  /** `max_concurrency` (auto) or the fixed `concurrency`. */
  readonly max: number
}

interface ListState {
  readonly pending: number
  readonly running: number
}

export interface FlowState {
  readonly settings: FlowSettings
  readonly window: number
  readonly phase: "startup" | "steady"
  /**
   * After a 429: the window stays at or below this. While the hold lasts it only narrows the gap to `refusedAt`;
   * once `holdUntil` has passed it rises `ceilingCreep` a round.
   */
  readonly ceiling: number
  /** The least in flight a 429 refused during this hold (the cap is below it); infinite before any. */
  readonly refusedAt: number
  /** Until this time the ceiling stays under `refusedAt`. */
  readonly holdUntil: number
  /** How long the last hold was, ms: doubled by every refused probe, so a fixed cap costs a few refusals a run. */
  readonly hold: number
  /** The most units a feedback round carried in flight, window full, with no 429: what a cap allowed lately. */
  readonly carried: number
  /** Recent completions, `[at, count]`, for the completion rate. */
  readonly completions: ReadonlyArray<readonly [number, number]>
  readonly lists: ReadonlyMap<string, ListState>
  /** The service has shown `running` (its statuses separate queued from answering). */
  readonly statusesSeen: boolean
  readonly pollGap: number
  readonly pollRtt: number
  readonly submitRtt: number
  /** Per-poll mean sojourns of the last `baseWindowMs`: their minimum is the latency without queueing. */
  readonly sojournMeans: ReadonlyArray<readonly [number, number]>
  /** Moving average of sojourns, ms (NaN before the first). */
  readonly sojourn: number
  readonly sojournSamples: number
  readonly lastGrowthAt: number
  /** A 429 came and no run request or message has landed since: another 429 now says its cut was not enough. */
  readonly refusedSinceSubmit: boolean
}

export const initialWindow = 8

export const makeFlowState = (settings: FlowSettings, now: number): FlowState => ({
  settings,
  window: settings.auto ? Math.min(settings.max, initialWindow) : settings.max,
  phase: settings.auto ? "startup" : "steady",
  ceiling: Number.POSITIVE_INFINITY,
  refusedAt: Number.POSITIVE_INFINITY,
  holdUntil: now,
  hold: 0,
  carried: 0,
  completions: [],
  lists: new Map(),
  statusesSeen: false,
  pollGap: Number.NaN,
  pollRtt: Number.NaN,
  submitRtt: Number.NaN,
  sojournMeans: [],
  sojourn: Number.NaN,
  sojournSamples: 0,
  lastGrowthAt: now,
  refusedSinceSubmit: false
})
