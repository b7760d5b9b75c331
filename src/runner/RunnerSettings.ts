import { Context, Duration, Option } from "effect"
import type { OrganizationId, UserId, Visibility } from "../api/Ids.js"
import type { Pipeline } from "../pipeline/PipelineSchema.js"

/** The run settings the runner works with: the effective pipeline's `run:` block plus who the work is done as. */
export interface RunnerSettingsShape {
  /** Most cells and chat messages in flight at once (the AIMD limit's ceiling). */
  readonly concurrency: number
  /** Most pairs per run request. */
  readonly batchSize: number
  readonly maxDocumentsPerTable: number
  /** Tries of one failing request, the first included. */
  readonly attempts: number
  readonly baseDelay: Duration.Duration
  readonly maxDelay: Duration.Duration
  readonly pollInterval: Duration.Duration
  readonly maxPollInterval: Duration.Duration
  readonly cellTimeout: Duration.Duration
  /** Runs again of a cell or message whose generation failed or timed out. */
  readonly cellRetries: number
  /** How long the whole run may take, from its start. */
  readonly deadline: Option.Option<Duration.Duration>
  readonly visibility: Visibility
  readonly userId: UserId
  readonly orgId: OrganizationId
}

export class RunnerSettings extends Context.Tag("app/runner/RunnerSettings")<RunnerSettings, RunnerSettingsShape>() {
  /** Settings from an effective pipeline and the ids the work is done as. */
  static readonly fromPipeline = (
    pipeline: Pipeline,
    ids: { readonly userId: UserId; readonly orgId: OrganizationId }
  ): RunnerSettingsShape => {
    const run = pipeline.run
    return {
      concurrency: run.concurrency,
      batchSize: run.batch_size,
      maxDocumentsPerTable: run.max_documents_per_table,
      attempts: run.retry.attempts,
      baseDelay: run.retry.base_delay,
      maxDelay: run.retry.max_delay,
      pollInterval: run.poll.interval,
      maxPollInterval: run.poll.max_interval,
      cellTimeout: run.cell_timeout,
      cellRetries: run.cell_retries,
      deadline: run.deadline,
      visibility: pipeline.visibility,
      userId: ids.userId,
      orgId: ids.orgId
    }
  }

  /** Defaults for tests: the pipeline schema's defaults with small delays. */
  static readonly test = (overrides: Partial<RunnerSettingsShape> = {}): RunnerSettingsShape => ({
    concurrency: 4,
    batchSize: 10,
    maxDocumentsPerTable: 200,
    attempts: 5,
    baseDelay: Duration.millis(100),
    maxDelay: Duration.seconds(5),
    pollInterval: Duration.millis(100),
    maxPollInterval: Duration.seconds(1),
    cellTimeout: Duration.minutes(1),
    cellRetries: 2,
    deadline: Option.none(),
    visibility: "private",
    userId: 1 as UserId,
    orgId: 1 as OrganizationId,
    ...overrides
  })
}
