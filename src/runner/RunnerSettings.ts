import { Context, type Duration, Option } from "effect"
import type { OrganizationId, UserId, Visibility } from "../api/Ids.js"
import type { Pipeline } from "../pipeline/PipelineSchema.js"
import type { FlowSettings } from "./flow/FlowState.js"
import { documentsPerTable } from "./flow/TableSize.js"

/** Most pairs in one run request when the pipeline sets no `batch_size`: batches otherwise follow the window. */
const maxBatchPairs = 1000

/**
 * How many requests of each fixed-size kind run at once. Set-up requests are few and cheap next to the answers, so
 * they run at fixed, modest concurrencies rather than under the flow window (which is learned only once answers
 * come); so do the polls, whose number follows the tables in flight, not the answers.
 */
export const fixedConcurrency = {
  /** Reading document records: small GETs. */
  documentReads: 16,
  /** Uploads: large bodies, so a few at a time keep memory and the service's ingestion bounded. */
  uploads: 4,
  /** Hashing local files (disk reads). */
  hashes: 8,
  /**
   * Columns of one table created at once: each carries its order (`order_id`), so they need not go one by one, and
   * eight make a pipeline of dozens of columns ready in a few round trips without a burst of creations.
   */
  columns: 8,
  /**
   * Tables set up at once ahead of the submitter, which works through them in slot order: two keep the next table
   * ready while the current one fills, and a large run's hundreds of column creations never delay its first answers.
   */
  tables: 2,
  /**
   * Tables polled at once. Polls of different tables are independent; four keep the few active tables (the
   * submitter works through tables in order) read on time without a burst of list requests, each of which returns
   * a whole table (the cell list has no paging).
   */
  polls: 4
} as const

/** The run settings the runner works with: the effective pipeline's `run:` block plus who the work is done as. */
interface RunnerSettingsShape {
  /** `concurrency: auto` (the window adapts up to `max_concurrency`) or a fixed number of units in flight. */
  readonly flow: FlowSettings
  /** Most pairs per run request: `batch_size`, else `maxBatchPairs` (a batch never exceeds the free slots). */
  readonly batchSize: number
  /** `max_documents_per_table`, else chosen from the number of columns for the cost of a poll. */
  readonly maxDocumentsPerTable: number
  /** Tries of one failing request, the first included. */
  readonly attempts: number
  readonly baseDelay: Duration.Duration
  readonly maxDelay: Duration.Duration
  /** `run.poll.interval` / `max_interval` when set: bounds on the gap between two polls of one list. */
  readonly pollInterval: Option.Option<Duration.Duration>
  readonly maxPollInterval: Option.Option<Duration.Duration>
  readonly cellTimeout: Duration.Duration
  /** Runs again of a cell or message whose generation failed or timed out. */
  readonly cellRetries: number
  /** How long the whole run may take, from its start. */
  readonly deadline: Option.Option<Duration.Duration>
  readonly visibility: Visibility
  readonly userId: UserId
  readonly orgId: OrganizationId
}

/** `concurrency` and `max_concurrency` as the flow controller takes them. */
const flowSettingsOf = (run: Pipeline["run"]): FlowSettings =>
  run.concurrency === "auto" ? { auto: true, max: run.max_concurrency } : { auto: false, max: run.concurrency }

export class RunnerSettings extends Context.Tag("app/runner/RunnerSettings")<RunnerSettings, RunnerSettingsShape>() {
  /** Settings from an effective pipeline and the ids the work is done as. */
  static readonly fromPipeline = (
    pipeline: Pipeline,
    ids: { readonly userId: UserId; readonly orgId: OrganizationId }
  ): RunnerSettingsShape => {
    const run = pipeline.run
    return {
      flow: flowSettingsOf(run),
      batchSize: run.batch_size ?? maxBatchPairs,
      maxDocumentsPerTable: documentsPerTable(pipeline.columns.length, run.max_documents_per_table),
      attempts: run.retry.attempts,
      baseDelay: run.retry.base_delay,
      maxDelay: run.retry.max_delay,
      pollInterval: Option.fromNullable(run.poll.interval),
      maxPollInterval: Option.fromNullable(run.poll.max_interval),
      cellTimeout: run.cell_timeout,
      cellRetries: run.cell_retries,
      deadline: run.deadline,
      visibility: pipeline.visibility,
      userId: ids.userId,
      orgId: ids.orgId
    }
  }
}
