import type { Effect } from "effect"
import type { EffectiveConfig } from "../pipeline/EffectiveConfig.js"
import type { LoadedPipeline } from "../pipeline/loadPipeline.js"
import type { RunOutcome, WorkTally } from "../store/CheckpointModel.js"
import { noStates } from "../store/StoreRows.js"
import type { Shard } from "./Keys.js"
import type { RunPlan } from "./PlanRun.js"
import type { SkippedFile } from "./Uploads.js"

export interface RunInput {
  readonly loaded: Pick<LoadedPipeline, "file" | "hash" | "pipeline">
  /**
   * The effective pipeline (file + defaults + environment + flags) and how to reach the service; with `sources`, the
   * run keeps its settings for its reports.
   */
  readonly effective: Pick<EffectiveConfig, "pipeline" | "service"> & Partial<Pick<EffectiveConfig, "sources">>
  /** A run record the caller began already; otherwise the runner begins one. */
  readonly runId?: number | undefined
  readonly dryRun: boolean
  /** Refuse (outcome "invalid") a run that would submit more pairs than this. */
  readonly maxCells?: number | undefined
  /** Forget the checkpoint's tables, columns, cells and chats first. */
  readonly fresh: boolean
  /** Run only pairs that failed before. */
  readonly onlyFailed: boolean
  /** This invocation's deterministic share of the documents (1-based index). */
  readonly shard?: Shard | undefined
  readonly version?: string | undefined
  /** Told the run record's id once it is begun (the pipeline lock records it: see CheckpointConsistency). */
  readonly onRunBegun?: ((runId: number) => Effect.Effect<void>) | undefined
}

/** What `runPipeline` returns: the CLI prints it and maps `outcome` to the exit code (`exitCodeOf`). */
export interface RunSummary extends WorkTally {
  /** The checkpoint's run record; undefined for a dry run, which writes nothing. */
  readonly runId: number | undefined
  readonly outcome: RunOutcome
  /** Why the run stopped or what it left out, for people. */
  readonly note: string | undefined
  /** The plan computed before any work (the whole answer of `--dry-run`). */
  readonly plan: RunPlan | undefined
  readonly seconds: number
  readonly skipped: ReadonlyArray<SkippedFile>
}

/** A summary of a run that did no work yet: what stopped it, and the plan and skipped files when known. */
export const emptySummary = (
  fields: Pick<RunSummary, "runId" | "outcome" | "note"> & Partial<Pick<RunSummary, "plan" | "skipped">>
): RunSummary => ({
  plan: undefined,
  cells: noStates(),
  chats: noStates(),
  answered: 0,
  failed: 0,
  chatsAnswered: 0,
  seconds: 0,
  tables: [],
  skipped: [],
  ...fields
})
