import { Clock, Duration, Effect, Layer, Option, Schema } from "effect"
import { DocumentListItem } from "../../../src/api/Documents.js"
import type { CellId, ColumnId, DocumentId, TableId } from "../../../src/api/Ids.js"
import { samples } from "../../../src/api/Samples.js"
import type { AiCell, AiColumn, AiTable, CellPair } from "../../../src/api/Tables.js"
import type { WantedCell } from "../../../src/client/CellList.js"
import { type ClientError, RateLimited } from "../../../src/client/ClientError.js"
import { ServiceClient } from "../../../src/client/ServiceClient.js"

/** The contract's sample document (processed, one page): every listed document is it under its own id. */
const sampleDocument = Schema.decodeSync(DocumentListItem)(samples.documentListItem)

/** A 429 for `request`, with a Retry-After when `retryAfter` is given. */
export const rateLimited = (request: string, retryAfter?: Duration.DurationInput, detail = "") =>
  new RateLimited({
    request,
    retryAfter: retryAfter === undefined ? Option.none() : Option.some(Duration.decode(retryAfter)),
    detail
  })

/** What a scripted fault does to one call: fail before doing anything, or do the work and lose the reply. */
export type Fault = { readonly before: ClientError } | { readonly after: ClientError }

interface FakeCell {
  readonly id: number
  readonly tableId: number
  readonly documentId: number
  readonly columnId: number
  task: number
  runAt: number
  /** When a worker takes the task and when its answer is done (the capacity model's schedule). */
  start: number
  end: number
  fail: boolean
}

export interface FakeOptions {
  readonly documents: ReadonlyArray<number>
  /** Generation time of a cell, on the Effect clock. */
  readonly latency?: Duration.DurationInput
  /** Cells that never finish (their pairs as `doc:column-index`, column index from 0). */
  readonly neverFinish?: (documentId: number, columnIndex: number) => boolean
  /** Pairs whose generation ends in `failure`, per attempt (1-based). */
  readonly fails?: (documentId: number, columnIndex: number, attempt: number) => boolean
  /** A fault for the n-th call (1-based) of an operation, if any. */
  readonly fault?: (operation: "runTable" | "listCells" | "createColumn", n: number) => Option.Option<Fault>
  /** Workers answering at once (at a given time); tasks wait first-in first-out. Default: no limit. */
  readonly workers?: number | ((now: number) => number)
  /** Generation time of the n-th task (0-based), ms; default `latency` for every task. */
  readonly answerTime?: (task: number) => number
  /** Most tasks pending or running at once; a run request that would pass it is refused whole with 429. */
  readonly maxPending?: number
}

/**
 * An in-memory service for runs on the test clock: tables, columns and cells whose answers are ready `latency`
 * after their run. It counts every run per pair and the calls of each operation, and applies scripted faults.
 */
export const makeFakeService = (options: FakeOptions) => {
  const latency = Duration.toMillis(Duration.decode(options.latency ?? "2 seconds"))
  const capacity = (now: number) =>
    options.workers === undefined
      ? Number.POSITIVE_INFINITY
      : typeof options.workers === "number"
        ? options.workers
        : options.workers(now)
  /** Scheduled tasks not yet done: their [start, end]. */
  let scheduled: Array<readonly [number, number]> = []
  let lastStart = 0
  let tasksRun = 0
  let peakPending = 0
  let throttled = 0
  let listedBytes = 0
  /** First-in first-out: the earliest time at or after the previous start when fewer than `capacity` run. */
  const schedule = (now: number, duration: number): readonly [number, number] => {
    scheduled = scheduled.filter(([, end]) => end > now)
    let at = Math.max(now, lastStart)
    for (;;) {
      const running = scheduled.filter(([start, end]) => start <= at && end > at)
      if (running.length < capacity(at)) break
      at = Math.min(...running.map(([, end]) => end))
    }
    lastStart = at
    const slot = [at, at + duration] as const
    scheduled.push(slot)
    return slot
  }
  const pendingAt = (now: number) => scheduled.filter(([start]) => start > now).length
  const openAt = (now: number) => scheduled.filter(([, end]) => end > now).length
  const tables = new Map<number, ReadonlyArray<number>>()
  const columns = new Map<number, Array<AiColumn>>()
  const cells = new Map<string, FakeCell>()
  const runs = new Map<string, number>()
  const calls = new Map<string, number>()
  const batches: Array<number> = []
  let nextId = 100
  const count = (operation: string) => {
    const n = (calls.get(operation) ?? 0) + 1
    calls.set(operation, n)
    return n
  }
  const columnIndex = (tableId: number, columnId: number) =>
    (columns.get(tableId) ?? []).findIndex((column) => column.id === columnId)
  const withFault = <A, E extends ClientError = never>(
    operation: "runTable" | "listCells" | "createColumn",
    work: Effect.Effect<A, E>
  ): Effect.Effect<A, ClientError> =>
    Effect.suspend(() => {
      const n = count(operation)
      const fault = options.fault?.(operation, n) ?? Option.none()
      if (Option.isNone(fault)) return work
      if ("before" in fault.value) return Effect.fail(fault.value.before)
      const lost = fault.value.after
      return Effect.flatMap(work, () => Effect.fail(lost))
    })
  const toCell = (cell: FakeCell, now: number): AiCell => {
    const done = now >= cell.end
    return {
      id: cell.id as CellId,
      task_status: done ? (cell.fail ? "failure" : "success") : now >= cell.start ? "running" : "pending",
      ai_column_id: cell.columnId as ColumnId,
      document_id: cell.documentId as DocumentId,
      response: done && !cell.fail ? `answer ${cell.documentId}/${cell.columnId}` : "",
      task_id: `t${cell.task}`,
      meta: cell.fail && done ? { error: "scripted failure" } : {},
      modified_at: new Date(done ? cell.end : cell.runAt).toISOString()
    }
  }
  // Both list calls count (and fault) as "listCells": one endpoint.
  const listed = (tableId: number) =>
    withFault(
      "listCells",
      Effect.map(Clock.currentTimeMillis, (now) =>
        [...cells.values()].filter((cell) => cell.tableId === tableId).map((cell) => toCell(cell, now))
      )
    )
  const document = (id: number): DocumentListItem => ({
    ...sampleDocument,
    id: id as DocumentId,
    filename: `doc-${id}.txt`
  })
  const unused = (name: string) => () => Effect.die(`FakeService.${name} is not scripted`)

  const client = ServiceClient.make({
    login: unused("login"),
    listOrganizations: unused("listOrganizations"),
    getDocument: (id: DocumentId) => Effect.succeed(document(id)),
    uploadDocument: unused("uploadDocument"),
    listDocuments: () => Effect.succeed(options.documents.map(document)),
    createTable: (body) =>
      Effect.sync((): AiTable => {
        const id = nextId++
        tables.set(id, body.document_ids)
        columns.set(id, [])
        return {
          id: id as TableId,
          organization_id: body.organization_id,
          user_id: body.user_id,
          visibility: body.visibility ?? "shared",
          created_at: "2026-01-01T00:00:00Z",
          meta: {},
          document_ids: body.document_ids
        }
      }),
    updateTable: unused("updateTable"),
    createColumn: (tableId: TableId, body) =>
      withFault(
        "createColumn",
        Effect.sync((): AiColumn => {
          const column: AiColumn = {
            id: nextId++ as ColumnId,
            name: body.name ?? "",
            query: body.query ?? "",
            order_id: body.order_id ?? 0,
            meta: body.meta ?? {},
            modified_at: "2026-01-01T00:00:00Z",
            ai_table_id: tableId
          }
          columns.get(tableId)?.push(column)
          return column
        })
      ),
    listColumns: (tableId: TableId) => Effect.succeed(columns.get(tableId) ?? []),
    runTable: (tableId: TableId, pairs: ReadonlyArray<CellPair>) =>
      withFault(
        "runTable",
        Effect.flatMap(Clock.currentTimeMillis, (now) => {
          if (options.maxPending !== undefined && openAt(now) + pairs.length > options.maxPending) {
            throttled += 1
            return Effect.fail(rateLimited(`POST /api/ai/table/${tableId}/run`, "1 second", "too many tasks"))
          }
          batches.push(pairs.length)
          const reply = pairs.map(([documentId, columnId]) => {
            const key = `${tableId}:${documentId}:${columnId}`
            const attempt = (runs.get(key) ?? 0) + 1
            runs.set(key, attempt)
            const existing = cells.get(key)
            const never = options.neverFinish?.(documentId, columnIndex(tableId, columnId)) ?? false
            const [start, end] = schedule(now, options.answerTime?.(tasksRun++) ?? latency)
            const cell: FakeCell = existing ?? {
              id: nextId++,
              tableId,
              documentId,
              columnId,
              task: 0,
              runAt: now,
              start,
              end,
              fail: false
            }
            cell.task = nextId++
            cell.runAt = now
            cell.start = start
            cell.end = never ? Number.POSITIVE_INFINITY : end
            cell.fail = options.fails?.(documentId, columnIndex(tableId, columnId), attempt) ?? false
            cells.set(key, cell)
            return toCell(cell, now)
          })
          peakPending = Math.max(peakPending, pendingAt(now))
          return Effect.succeed(reply)
        })
      ),
    runColumn: unused("runColumn"),
    createCell: unused("createCell"),
    listCells: (tableId: TableId) => listed(tableId),
    listCellsWhere: (tableId: TableId, wanted: WantedCell) =>
      Effect.map(listed(tableId), (all) => {
        listedBytes += all.length * 200
        return {
          cells: all.filter((cell) => wanted(cell.document_id, cell.ai_column_id)),
          listed: all.length,
          bytes: all.length * 200
        }
      }),
    createSession: unused("createSession"),
    listSessions: unused("listSessions"),
    getSession: unused("getSession"),
    updateSession: unused("updateSession"),
    deleteSession: unused("deleteSession"),
    resetSession: unused("resetSession"),
    createMessage: unused("createMessage"),
    listMessages: unused("listMessages"),
    runCounts: unused("runCounts"),
    queueStats: unused("queueStats")
  })

  return {
    layer: Layer.succeed(ServiceClient, client),
    /** Run requests per pair, keyed `table:document:column`. */
    runs: () => new Map(runs),
    calls: (operation: string) => calls.get(operation) ?? 0,
    /** Most tasks waiting for a worker at once (seen at each run request). */
    peakPending: () => peakPending,
    /** When the last answer was done (ms on the test clock): a run ends once it has seen it. */
    lastAnswerAt: () => Math.max(0, ...[...cells.values()].map((cell) => cell.end)),
    /** Bytes of every cell list read through `listCellsWhere` (200 a cell). */
    listedBytes: () => listedBytes,
    /** Run requests refused for `maxPending`. */
    throttled: () => throttled,
    /** Pairs per run request that was processed, in order. */
    batches: () => [...batches],
    tables: () => [...tables.keys()]
  }
}
