import { dirname } from "node:path"
import { Data, Effect, Option } from "effect"
import { readLock } from "./PipelineLock.js"
import { StoreError } from "./StoreError.js"
import type { RunRow } from "./StoreRows.js"

/** A shard's run is still going on (its lock is held): its checkpoint is not final yet (the CLI exits 75). */
export class ShardRunning extends Data.TaggedError("ShardRunning")<{
  readonly dir: string
  readonly pid: number
  readonly hostname: string
  readonly heartbeatAt: string
}> {
  override get message() {
    return (
      `the shard in ${this.dir} is still running (process ${this.pid} on ${this.hostname}, alive at ` +
      `${this.heartbeatAt}): merge once it has ended`
    )
  }
}

/** Fails with ShardRunning when a live run holds the lock of a shard checkpoint (a dead run's lock is no matter). */
export const requireStopped = (statePath: string): Effect.Effect<void, ShardRunning | StoreError> =>
  Effect.flatMap(readLock(statePath), (lock) =>
    Option.isSome(lock) && lock.value.alive
      ? Effect.fail(
          new ShardRunning({
            dir: dirname(statePath),
            pid: lock.value.pid,
            hostname: lock.value.hostname,
            heartbeatAt: lock.value.heartbeatAt
          })
        )
      : Effect.void
  )

/** One shard checkpoint as the checks see it: where it is, its latest run, its documents' ids. */
export interface ShardFacts {
  readonly path: string
  readonly run: RunRow | undefined
  readonly documentIds: ReadonlyArray<unknown>
}

/** What every shard agrees on: the pipeline (name and file hash) and the split (`--shard I/N`). */
export interface MergeSplit {
  readonly pipelineName: string
  readonly pipelineHash: string
  readonly count: number
  /** The shards given, by index (1-based), in the order given. */
  readonly indexes: ReadonlyArray<number>
  /** The shards of the split not given (a `--partial` merge). */
  readonly missing: ReadonlyArray<number>
}

/** A merge refused before anything is written: the shards (or the target) do not make one merge. */
export const refuse = (path: string, reason: string) =>
  new StoreError({ operation: "merge", path, cause: undefined, reason, kind: "unmergeable" })

const shardOf = (run: RunRow) => {
  const match = /^(\d+)\/(\d+)$/.exec(run.shard ?? "")
  return match === null ? undefined : { index: Number(match[1]), count: Number(match[2]) }
}

/** A merged run's note starts so (MergeCheckpoints): merged runs are told apart from runs of the pipeline. */
export const mergedNote = "merged from "
const isMerge = (run: RunRow) => run.shard === null && (run.note ?? "").startsWith(mergedNote)

const short = (hash: string) => hash.slice(0, 12)

/**
 * The shards must be one split of one version of one pipeline: each a `--shard I/N` checkpoint with a run, all of
 * the same pipeline file (hash) and the same N, no index twice, no document in two of them, and (unless `partial`)
 * every index of 1..N. `pipelineName` is the pipeline the merge is for (`--pipeline`), when given.
 */
export const checkShards = (
  shards: ReadonlyArray<ShardFacts>,
  options: { readonly partial: boolean; readonly pipelineName: string | undefined }
): StoreError | MergeSplit => {
  const split = new Map<number, string>()
  const owners = new Map<unknown, string>()
  let first: { readonly path: string; readonly run: RunRow; readonly count: number } | undefined
  for (const { documentIds, path, run } of shards) {
    if (run === undefined) return refuse(path, "Cannot merge a checkpoint without any run")
    const shard = shardOf(run)
    if (shard === undefined) {
      return refuse(path, "Not a shard checkpoint (its latest run was not a `run --shard I/N`); merge takes shard dirs")
    }
    first ??= { path, run, count: shard.count }
    if (run.pipeline_name !== first.run.pipeline_name) {
      return refuse(
        path,
        `Cannot merge shards of different pipelines: this shard is of "${run.pipeline_name}", ${first.path} of "${first.run.pipeline_name}"`
      )
    }
    if (run.pipeline_hash !== first.run.pipeline_hash) {
      return refuse(
        path,
        `The shards ran different versions of pipeline "${run.pipeline_name}" (this one file hash ` +
          `${short(run.pipeline_hash)}, ${first.path} ${short(first.run.pipeline_hash)}); run them again with one ` +
          "version of the file"
      )
    }
    if (shard.count !== first.count) {
      return refuse(
        path,
        `Cannot merge shards of different splits: this is shard ${run.shard}, ${first.path} is ${first.run.shard} ` +
          "(every shard must be a --shard I/N of the same N)"
      )
    }
    const twice = split.get(shard.index)
    if (twice !== undefined) return refuse(path, `Shard ${run.shard} is given twice (also as ${twice})`)
    split.set(shard.index, path)
    for (const id of documentIds) {
      const other = owners.get(id)
      if (other !== undefined) return refuse(path, `Document ${id} is also in ${other}: shards must not overlap`)
      owners.set(id, path)
    }
  }
  if (first === undefined) return refuse("(no shard given)", "Nothing to merge: no shard checkpoint given")
  const { count, path, run } = first
  if (options.pipelineName !== undefined && options.pipelineName !== run.pipeline_name) {
    return refuse(
      path,
      `The shards are of pipeline "${run.pipeline_name}", not of "${options.pipelineName}" (--pipeline)`
    )
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !split.has(index))
  if (missing.length > 0 && !options.partial) {
    return refuse(
      [...split.values()].join(", "),
      `Shard${missing.length === 1 ? "" : "s"} ${missing.map((i) => `${i}/${count}`).join(", ")} of the split ` +
        `${missing.length === 1 ? "is" : "are"} not given; merge every shard, or pass --partial for a report that ` +
        "says which are missing"
    )
  }
  return {
    pipelineName: run.pipeline_name,
    pipelineHash: run.pipeline_hash,
    count,
    indexes: [...split.keys()],
    missing
  }
}

/**
 * The target may hold a checkpoint already: of this pipeline (an earlier merge, or runs of the pipeline), never of
 * another pipeline or of a shard. A run of the pipeline there since its latest merge that got answers (or failures),
 * newer than a shard's latest run, has answers that the merge would replace with the shards' older state (the next
 * run would ask them again): refused.
 */
export const checkTarget = (
  target: { readonly path: string; readonly runs: ReadonlyArray<RunRow & { readonly answered: boolean }> },
  shards: ReadonlyArray<Pick<ShardFacts, "path" | "run">>,
  split: MergeSplit
): StoreError | undefined => {
  const { path, runs } = target
  const latest = runs.at(-1)
  if (latest === undefined) return undefined
  if (latest.pipeline_name !== split.pipelineName) {
    return refuse(
      path,
      `This checkpoint is of pipeline "${latest.pipeline_name}", not "${split.pipelineName}": merge into another --out`
    )
  }
  if (latest.shard !== null) {
    return refuse(
      path,
      `This is the checkpoint of shard ${latest.shard}, not a merge target: merge into the pipeline's output dir ` +
        "(--pipeline) or another --out"
    )
  }
  const lastMerge = runs.findLastIndex(isMerge)
  const since = runs.slice(lastMerge + 1).filter((run) => run.answered && !isMerge(run))
  for (const shard of shards) {
    const started = shard.run?.started_at ?? ""
    const newer = since.find((run) => run.started_at > started)
    if (newer !== undefined) {
      return refuse(
        path,
        `Run #${newer.id} of this checkpoint (started ${newer.started_at}) is newer than the latest run of ` +
          `${shard.path} (started ${started}): merging would replace what it answered with the shard's older ` +
          "state, and the next run would ask it again. Run that shard again first, or merge into another --out"
      )
    }
  }
  return undefined
}
