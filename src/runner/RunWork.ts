import { dirname } from "node:path"
import { Effect } from "effect"
import { CellStore } from "../store/CellStore.js"
import { ChatStore } from "../store/ChatStore.js"
import type { RunOutcome } from "../store/CheckpointModel.js"
import { LayoutStore } from "../store/LayoutStore.js"
import { RunStore } from "../store/RunStore.js"
import { toTableTally } from "../store/StoreRows.js"
import { runChats } from "./ChatRunner.js"
import { columnRenames } from "./ColumnRenames.js"
import { computePlan } from "./DryRun.js"
import { chatsOfShard } from "./Keys.js"
import { assignTables, columnPlans, wantedCells } from "./PlanRun.js"
import { RunProgress } from "./Progress.js"
import { resolveDocuments } from "./ResolveDocuments.js"
import { runCells } from "./RunCells.js"
import { RunContext } from "./RunContext.js"
import { RunInputInvalid } from "./RunnerErrors.js"
import { RunnerSettings } from "./RunnerSettings.js"
import { emptySummary, type RunInput, type RunSummary } from "./RunSummary.js"
import { skippedNote } from "./Uploads.js"

export interface WorkResult {
  readonly outcome: RunOutcome
  readonly note: string | undefined
  readonly summary: RunSummary | undefined
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`

/**
 * The steps of one run, in order. Planning reads and never writes, so `--dry-run` and `--max-cells` stop before
 * the first write; uploads come next, then tables and columns, the cells phase and the chats phase.
 */
export const runWork = Effect.fn("RunWork.runWork")(function* (input: RunInput) {
  const cellStore = yield* CellStore
  const chatStore = yield* ChatStore
  const layoutStore = yield* LayoutStore
  const runStore = yield* RunStore
  const progress = yield* RunProgress
  const settings = yield* RunnerSettings
  const shardChats = chatsOfShard(input.effective.pipeline.chats, input.shard)
  const pipeline = { ...input.effective.pipeline, chats: shardChats.asked }
  const columns = columnPlans(pipeline.columns)
  yield* progress.phase("setup")

  const baseDir = dirname(input.loaded.file)
  const scouted = yield* resolveDocuments({
    sets: pipeline.documents,
    shard: input.shard,
    baseDir,
    upload: false
  })
  // --fresh forgets the checkpoint, but only once the run is allowed to go ahead: a refused run changes nothing.
  // Renamed columns too are renamed only then; the plan counts them as the run will find them.
  const renames = input.fresh ? [] : columnRenames(columns, yield* layoutStore.knownColumns())
  const plan = yield* computePlan(pipeline, scouted, columns, {
    fresh: input.fresh,
    onlyFailed: input.onlyFailed,
    renames
  })
  if (input.dryRun) {
    const note = "dry run: nothing was sent"
    const summary = emptySummary({ runId: undefined, outcome: "completed", note, plan, skipped: scouted.skipped })
    return { outcome: "completed", note: summary.note, summary } satisfies WorkResult
  }
  if (input.maxCells !== undefined && plan.toRun > input.maxCells) {
    return yield* new RunInputInvalid({
      reason: `the run would submit ${plan.toRun} cells, more than --max-cells ${input.maxCells}; nothing was sent`
    })
  }

  if (input.fresh) yield* runStore.reset()
  if (renames.length > 0) {
    yield* layoutStore.renameColumns(renames)
    for (const { from, to } of renames)
      yield* Effect.logInfo(`column "${from}" is now named "${to}": its answers are kept, nothing is asked again`)
  }
  const resolved =
    !input.fresh && scouted.pendingFiles.length === 0
      ? scouted
      : yield* resolveDocuments({
          sets: pipeline.documents,
          shard: input.shard,
          baseDir,
          upload: true
        })
  yield* layoutStore.saveDocuments(resolved.documents)
  const layout = assignTables(
    yield* layoutStore.tables(),
    resolved.documents.map((doc) => doc.id),
    settings.maxDocumentsPerTable
  )
  const counts = yield* cellStore.syncCells(wantedCells(resolved.documents, layout.slotOf, columns), {
    onlyFailed: input.onlyFailed
  })
  const { runId } = yield* RunContext
  yield* runStore.recordRunColumns(runId, columns)
  yield* progress.cells((c) => ({ ...c, total: counts.total, skipped: counts.alreadyAnswered }))
  yield* Effect.logInfo(
    `${plural(counts.total, "pair")}: ${counts.alreadyAnswered} answered before, ${counts.toRun} to run, ${counts.inFlight} in flight`
  )
  const cells = yield* runCells(layout, columns)
  yield* runChats(pipeline.chats, resolved.documents, input.onlyFailed)

  const cellCounts = yield* cellStore.cellCounts()
  const chatCounts = yield* chatStore.chatCounts()
  const failed = cellCounts.failed + chatCounts.failed
  const refusedChats = (yield* chatStore.chatMessages({ states: ["failed"] })).flatMap((m) =>
    m.errorKind === "plan-refused" ? [m.chatName] : []
  )
  const notes = [
    resolved.documents.length === 0 ? "no documents matched the pipeline's document sets" : "",
    failed > 0 ? `${plural(cellCounts.failed, "cell")} and ${plural(chatCounts.failed, "chat message")} failed` : "",
    ...[...new Set(refusedChats)].map(
      (chat) => `chat "${chat}" was refused for the workspace's plan (multi-doc chat needs the Advanced plan)`
    ),
    ...shardChats.left.map(
      (chat) =>
        `chat "${chat.name}" (scope: all) is left to the run after \`docsweep merge\`: a shard has only its share`
    ),
    // Last, so the end-of-run summary can list them apart (noteBesideSkipped).
    ...resolved.skipped.map(skippedNote)
  ].filter((line) => line !== "")
  const outcome: RunOutcome = failed > 0 ? "failed-cells" : "completed"
  const note = notes.length === 0 ? undefined : notes.join("; ")
  const summary: RunSummary = {
    ...emptySummary({ runId: undefined, outcome, note, plan }),
    cells: cellCounts,
    chats: chatCounts,
    answered: cells.answered,
    failed: cells.failed,
    chatsAnswered: (yield* chatStore.chatMessages({ states: ["success"] })).filter((message) => message.runId === runId)
      .length,
    tables: (yield* layoutStore.tables())
      .filter((table) => layout.tables.some((planned) => planned.slot === table.slot))
      .map(toTableTally),
    skipped: resolved.skipped
  }
  return { outcome, note, summary } satisfies WorkResult
})
