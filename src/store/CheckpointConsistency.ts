import { existsSync, statSync } from "node:fs"
import { Effect, Option } from "effect"
import { LayoutStore } from "./LayoutStore.js"
import type { LockOwner } from "./LockOwner.js"
import { RunStore } from "./RunStore.js"
import { StoreError } from "./StoreError.js"

const sizeOf = (path: string) => (existsSync(path) ? statSync(path).size : 0)

/**
 * Whether the checkpoint file holds nothing at all (0 bytes, with no write-ahead log beside it). Read before the
 * file is opened: opening writes the schema into it. A new checkpoint is empty too; beside the lock of an earlier
 * run it is not new (see `verifyCheckpoint`).
 */
export const isEmptyCheckpoint = (path: string): boolean =>
  path !== ":memory:" && sizeOf(path) === 0 && sizeOf(`${path}-wal`) === 0

/**
 * Refuses to go on from a checkpoint that lost what an earlier run wrote, instead of silently starting over (new
 * tables, every pair asked again, the earlier answers lost): the earlier run's lock names a run the checkpoint does
 * not hold, the file was empty beside that lock, or tables are recorded with no run. This is what deleting
 * `state.sqlite-wal` under a running process leaves behind. Fails with StoreError (kind "inconsistent", exit 2).
 */
export const verifyCheckpoint = (path: string, previousLock: Option.Option<LockOwner>, wasEmpty: boolean) =>
  Effect.gen(function* () {
    const layoutStore = yield* LayoutStore
    const runStore = yield* RunStore
    const runs = yield* runStore.runs()
    const tables = yield* layoutStore.tables()
    const problems: Array<string> = []
    if (Option.isSome(previousLock)) {
      const { runId, pid, hostname } = previousLock.value
      const left = `the lock left by process ${pid} on ${hostname}`
      if (runId !== undefined && !runs.some((run) => run.id === runId)) {
        problems.push(
          `${left} names run #${runId}, but the checkpoint holds ${runs.length === 0 ? "no run" : `runs up to #${runs.at(-1)?.id}`}`
        )
      } else if (wasEmpty) {
        problems.push(`the checkpoint file was empty (0 bytes) beside ${left}`)
      }
    }
    if (runs.length === 0 && tables.some((table) => table.remoteId !== undefined)) {
      problems.push(`${tables.length} tables are recorded but no run`)
    }
    if (problems.length === 0) return
    return yield* new StoreError({
      operation: "verify",
      path,
      cause: undefined,
      kind: "inconsistent",
      reason:
        `The checkpoint is inconsistent: ${problems.join("; ")}. Its write-ahead log (state.sqlite-wal) may have ` +
        "been deleted or the file replaced; going on would create new tables and ask again pairs already " +
        "answered. Nothing was sent. Restore the checkpoint from a backup to keep the earlier answers, or run " +
        "again with --fresh to start over (every pair is asked again)"
    })
  })
