import { Context, DateTime, Effect, type Ref } from "effect"
import type { ClientError } from "../client/ClientError.js"
import type { Flow } from "./flow/Flow.js"
import type { RerunEvidence } from "./Reconcile.js"
import type { ServiceUnavailable } from "./RunnerErrors.js"

/**
 * What every step of one run shares besides its settings (`RunnerSettings`): `runPipeline` builds it once and
 * provides both to the steps.
 */
export interface RunContextShape {
  /** The checkpoint's run record (0 in a dry run, which writes nothing). */
  readonly runId: number
  /** The run's retry policy, wired to the flow control and the progress line. */
  readonly retry: <A, E extends { readonly _tag: string }, R>(
    effect: Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E | ServiceUnavailable, R>
  /** Cells and chat messages in flight, shared by both: the window, its slots and the poll schedule. */
  readonly flow: Flow
  /** What this run's re-run replies showed about how the service marks a re-run (see Reconcile). */
  readonly reruns: Ref.Ref<RerunEvidence>
}

export class RunContext extends Context.Tag("app/runner/RunContext")<RunContext, RunContextShape>() {}

/** The checkpoint's timestamps: ISO 8601 UTC from the Effect clock. */
export const nowIso = Effect.map(DateTime.now, DateTime.formatIso)

/** Failures a request may end with after the retry policy gave up. */
export type CallError = ClientError | ServiceUnavailable
