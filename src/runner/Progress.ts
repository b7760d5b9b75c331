import { Clock, Effect, SubscriptionRef } from "effect"

type ProgressPhase = "setup" | "cells" | "chats" | "done"

export interface WorkCounts {
  /** Pairs (or messages) the pipeline asks for. */
  readonly total: number
  /** Answered before this run and still current: skipped. */
  readonly skipped: number
  /** Answered during this run. */
  readonly done: number
  readonly failed: number
  readonly inFlight: number
}

/** What a progress line shows; the CLI renders it for terminals and cron logs. */
export interface ProgressSnapshot {
  readonly phase: ProgressPhase
  readonly cells: WorkCounts
  readonly chats: WorkCounts
  /** Answers per second since the phase started. */
  readonly rate: number
  /** The adaptive limit of units in flight. */
  readonly limit: number
  /** Why nothing moves right now, e.g. "backing off 12 s after 429 on POST …" or "waiting on 37 cells". */
  readonly waiting: string | undefined
  /** Until when (epoch ms) a backoff reason stands: routine reasons do not replace it before then. */
  readonly waitingUntil: number
  readonly startedAt: number
  readonly updatedAt: number
}

const noWork: WorkCounts = { total: 0, skipped: 0, done: 0, failed: 0, inFlight: 0 }

export const initialProgress: ProgressSnapshot = {
  phase: "setup",
  cells: noWork,
  chats: noWork,
  rate: 0,
  limit: 0,
  waiting: undefined,
  waitingUntil: 0,
  startedAt: 0,
  updatedAt: 0
}

/** Live progress of the current run, one `SubscriptionRef` the CLI subscribes to. */
export class RunProgress extends Effect.Service<RunProgress>()("app/runner/RunProgress", {
  effect: Effect.gen(function* () {
    const ref = yield* SubscriptionRef.make(initialProgress)
    const update = (f: (snapshot: ProgressSnapshot) => ProgressSnapshot) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        SubscriptionRef.update(ref, (snapshot) => {
          const next = f(snapshot)
          const answered = next.phase === "chats" ? next.chats.done : next.cells.done
          const elapsed = (now - next.startedAt) / 1000
          return { ...next, updatedAt: now, rate: elapsed > 0 ? answered / elapsed : 0 }
        })
      )
    return {
      /** Applies `f` and stamps the time and rate. */
      update,
      /** Starts a phase: its clock and rate start over. */
      phase: (phase: ProgressPhase) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) =>
          SubscriptionRef.update(ref, (snapshot) => ({ ...snapshot, phase, startedAt: now, waiting: undefined }))
        ),
      cells: (f: (counts: WorkCounts) => WorkCounts) => update((s) => ({ ...s, cells: f(s.cells) })),
      chats: (f: (counts: WorkCounts) => WorkCounts) => update((s) => ({ ...s, chats: f(s.chats) })),
      /** A routine reason ("waiting on 37 cells"); it does not replace a backoff that still stands. */
      waiting: (reason: string | undefined) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) =>
          SubscriptionRef.update(ref, (s) => (now < s.waitingUntil ? s : { ...s, waiting: reason }))
        ),
      /** A backoff: shown until it ends, whatever else happens meanwhile. */
      backingOff: (reason: string, millis: number) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) =>
          SubscriptionRef.update(ref, (s) => ({ ...s, waiting: reason, waitingUntil: now + millis }))
        ),
      limit: (limit: number) => SubscriptionRef.update(ref, (s) => (s.limit === limit ? s : { ...s, limit })),
      /** The latest snapshot. */
      get: SubscriptionRef.get(ref),
      /** Every change, starting with the current snapshot. */
      changes: ref.changes
    } as const
  })
}) {}
