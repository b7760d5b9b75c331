import type { CellRecord, CellState, ReportData } from "../store/CheckpointModel.js"
import { cellStates, splitCounts } from "../store/StoreRows.js"
import type { CellStatus, ReportCell, ReportColumn, ReportModel } from "./ReportModel.js"

const statusOf: Record<CellState, CellStatus> = {
  pending: "pending",
  submitting: "running",
  submitted: "running",
  success: "success",
  failed: "failed"
}

/** Counts by checkpoint state as counts by report status (`submitting` and `submitted` both read `running`). */
const byStatus = (counts: Readonly<Record<CellState, number>>): Record<string, number> => {
  const statuses: Record<string, number> = { success: 0, failed: 0, running: 0, pending: 0 }
  for (const state of cellStates) statuses[statusOf[state]] = (statuses[statusOf[state]] ?? 0) + counts[state]
  return statuses
}

/**
 * The export's ReportModel from the store's report data (`ReadStore.reportData`). Columns get local ids
 * 1..n in pipeline order; `file` is the pipeline file the report names.
 */
export const toReportModel = (data: ReportData, options: { readonly file: string }): ReportModel => {
  const columns: Array<ReportColumn> = data.columns.map((column, index) => ({
    id: index + 1,
    name: column.name,
    query: column.query,
    meta: column.meta
  }))
  const columnIds = new Map(columns.map((column) => [column.name, column.id]))
  const toReportCell = (cell: CellRecord, columnId: number): ReportCell => ({
    documentId: cell.documentId,
    columnId,
    status: statusOf[cell.state],
    response: cell.response,
    error: cell.error,
    attempts: cell.attempts,
    seconds: cell.seconds,
    finishedAt: cell.finishedAt,
    runId: cell.runId
  })
  // Mapped on demand, not copied: the data already holds every cell once (100,000 at the benchmark's size).
  const cells = function* (): Generator<ReportCell> {
    for (const cell of data.cells) {
      const columnId = columnIds.get(cell.columnName)
      if (columnId !== undefined) yield toReportCell(cell, columnId)
    }
  }
  const cell = (documentId: number, columnId: number): ReportCell | undefined => {
    const name = columns[columnId - 1]?.name
    const found = name === undefined ? undefined : data.cell(documentId, name)
    return found === undefined ? undefined : toReportCell(found, columnId)
  }
  const { run } = data
  const changes = data.changes
  const history = data.history
  const counts = splitCounts(run.counts)
  return {
    pipeline: { name: data.pipelineName, file: options.file, hash: data.pipelineHash },
    run: {
      id: run.id,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      outcome: run.outcome,
      baseUrl: run.baseUrl,
      docsweepVersion: run.docsweepVersion,
      counts: byStatus(counts.cells),
      chatCounts: byStatus(counts.chats),
      ...(run.note === undefined ? {} : { note: run.note })
    },
    columns,
    documents: data.documents.map((doc) => ({ id: doc.id, filename: doc.filename, pages: doc.pages })),
    cell,
    cells,
    chats: data.chats.map((chat) => ({
      chat: chat.chatName,
      scope: chat.scope,
      documents: chat.filenames,
      message: chat.query,
      answer: chat.response,
      status: chat.state,
      ...(chat.error === undefined ? {} : { error: chat.error }),
      session: chat.sessionKey,
      position: chat.position,
      attempts: chat.attempts,
      seconds: chat.seconds
    })),
    ...(history === undefined
      ? {}
      : {
          history: {
            previousRunId: history.previousRunId,
            of: (documentId: number, columnId: number) =>
              history
                .of(documentId, columns[columnId - 1]?.name ?? "")
                .map(({ state, ...answer }) => ({ ...answer, status: state }))
          }
        }),
    ...(changes === undefined
      ? {}
      : {
          changes: changes.list.map((change) => ({
            ...change,
            fromRun: changes.fromRunId ?? run.id,
            toRun: run.id
          }))
        })
  }
}
