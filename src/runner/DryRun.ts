import { Effect, Option } from "effect"
import type { Pipeline } from "../pipeline/PipelineSchema.js"
import { CellStore } from "../store/CellStore.js"
import { ChatStore } from "../store/ChatStore.js"
import type { ColumnRename, DocumentRecord } from "../store/CheckpointModel.js"
import { LayoutStore } from "../store/LayoutStore.js"
import { RunStore } from "../store/RunStore.js"
import { answersAskedAgain, conversationsToStartOver } from "./ChatSessions.js"
import { storedNames } from "./ColumnRenames.js"
import { assignTables, type ColumnPlan, estimateSeconds, type RunPlan, wantedCells } from "./PlanRun.js"
import type { ResolvedDocuments } from "./ResolveDocuments.js"
import { answersPerSecondKey, secondsPerCellKey } from "./RunCells.js"
import { RunnerSettings } from "./RunnerSettings.js"
import { keptSessions, wantedChatMessages } from "./WantedChats.js"

/**
 * The plan of a run, computed from the checkpoint without writing to it: what `--dry-run` prints and what
 * `--max-cells` checks. Files not uploaded yet count as new documents, each pair of them to run. With `fresh` the
 * checkpoint is about to be forgotten: every pair and message is to run. Renamed columns (`renames`, not applied
 * yet) are looked up under their old names, where the run will find them once it has renamed them.
 */
export const computePlan = Effect.fn("DryRun.computePlan")(function* (
  pipeline: Pipeline,
  resolved: ResolvedDocuments,
  columns: ReadonlyArray<ColumnPlan>,
  {
    fresh,
    onlyFailed,
    renames
  }: { readonly fresh: boolean; readonly onlyFailed: boolean; readonly renames: ReadonlyArray<ColumnRename> }
) {
  const cellStore = yield* CellStore
  const chatStore = yield* ChatStore
  const layoutStore = yield* LayoutStore
  const runStore = yield* RunStore
  const settings = yield* RunnerSettings
  const ids = resolved.documents.map((doc) => doc.id)
  const placeholders = resolved.pendingFiles.map((_, index) => -1 - index)
  const layout = assignTables(yield* layoutStore.tables(), [...ids, ...placeholders], settings.maxDocumentsPerTable)
  const wanted = wantedCells(resolved.documents, layout.slotOf, storedNames(columns, renames))
  const planned = yield* cellStore.planCells(wanted, { onlyFailed })
  const counts = fresh ? { ...planned, alreadyAnswered: 0, toRun: planned.total, inFlight: 0, skipped: 0 } : planned
  const newPairs = onlyFailed ? 0 : resolved.pendingFiles.length * columns.length

  // A file not uploaded yet stands in as a document no answer was asked for: its sessions (and a scope: all
  // session, whose documents change) are asked, as the run will once it has uploaded it.
  const pending = resolved.pendingFiles.map(
    (path, index): DocumentRecord => ({
      id: placeholders[index] ?? -1 - index,
      filename: path,
      pages: undefined,
      doctype: "",
      version: `not uploaded yet: ${path}`
    })
  )
  const asked = fresh ? [] : yield* keptSessions(pipeline.chats, yield* chatStore.chatMessages())
  const messages = wantedChatMessages(pipeline.chats, [...resolved.documents, ...pending], asked)
  const messageCounts = yield* chatStore.planChatMessages(messages, { onlyFailed })
  // Sessions the chats phase starts over (as `runChats` decides) ask their unchanged answers again too.
  const stored = onlyFailed || fresh ? [] : yield* chatStore.chatMessages({ includeUnwanted: true })
  const askedAgain = answersAskedAgain(conversationsToStartOver(pipeline.chats, messages, stored), messages, stored)
  const messagesToRun = fresh ? messages.length : messageCounts.toRun + messageCounts.inFlight + askedAgain

  const measured = (key: string) =>
    Effect.map(runStore.getMeta(key), (value) =>
      Option.map(value, Number).pipe(Option.filter(Number.isFinite), Option.getOrUndefined)
    )
  const toRun = counts.toRun + newPairs
  return {
    documents: ids.length + resolved.pendingFiles.length,
    newFiles: resolved.pendingFiles.length,
    tables: layout.tables.length,
    columns: columns.length,
    renamedColumns: renames,
    pairs: counts.total + newPairs,
    alreadyAnswered: counts.alreadyAnswered,
    toRun,
    inFlight: counts.inFlight,
    skipped: counts.skipped,
    chatMessages: messages.length,
    chatMessagesToRun: messagesToRun,
    estimateSeconds: estimateSeconds(
      { cells: toRun + counts.inFlight, messages: messagesToRun },
      pipeline.run.concurrency,
      { secondsPerCell: yield* measured(secondsPerCellKey), answersPerSecond: yield* measured(answersPerSecondKey) }
    )
  } satisfies RunPlan
})
