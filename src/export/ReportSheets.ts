import { Effect } from "effect"
import { ExportError } from "./ExportError.js"
import { columnType, type ReportModel } from "./ReportModel.js"
import { type CellStyle, statusStyle, styles } from "./XlsxStyles.js"
import { widths, type XlsxRow, type XlsxTable, type XlsxValue } from "./XlsxTable.js"

/** Seconds between two ISO instants, or undefined when either is missing or unreadable. */
const durationSeconds = (startedAt: string, finishedAt: string | undefined): number | undefined => {
  if (finishedAt === undefined) return undefined
  const seconds = (new Date(finishedAt).getTime() - new Date(startedAt).getTime()) / 1000
  return Number.isFinite(seconds) ? seconds : undefined
}

/** The base URL without credentials someone may have put in it (user info, query string, fragment). */
export const displayUrl = (url: string): string => {
  if (!URL.canParse(url)) return url
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}

const formatDuration = (seconds: number): string => {
  const whole = Math.round(seconds)
  const pad = (n: number) => String(n).padStart(2, "0")
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60]
  return h > 0 ? `${h}h ${pad(m)}m ${pad(s)}s` : m > 0 ? `${m}m ${pad(s)}s` : `${s}s`
}

const row = (values: ReadonlyArray<XlsxValue>, rowStyles: ReadonlyArray<CellStyle | undefined> = []): XlsxRow => ({
  values,
  styles: rowStyles
})

/** Columns: name, query, type and meta (JSON) of every column. */
export const columnsTable = (model: ReportModel, path: string): Effect.Effect<XlsxTable, ExportError> =>
  Effect.forEach(model.columns, (column) =>
    Effect.try({
      try: () => row([column.name, column.query, columnType(column), JSON.stringify(column.meta)]),
      catch: (cause) => new ExportError({ path, cause })
    })
  ).pipe(
    Effect.map((rows) => ({
      name: "Columns",
      columns: widths({ Name: 24, Query: 80, Type: 10, Meta: 50 }),
      frozenColumns: 1,
      rows
    }))
  )

/** How a status reads on the Run sheet (the Results sheet and cells.csv use the status words themselves). */
const statusLabels: Readonly<Record<string, string>> = {
  success: "answered",
  failed: "failed",
  running: "asked, no answer yet",
  pending: "not asked yet",
  skipped: "skipped"
}

const sum = (counts: Readonly<Record<string, number>>) => Object.values(counts).reduce((total, n) => total + n, 0)

/** `Cells answered 22`, `Cells failed 2`, … then `Cells in all 24`: each kind of work counted on its own. */
const countRows = (what: string, counts: Readonly<Record<string, number>>): ReadonlyArray<XlsxRow> => [
  ...Object.entries(counts).map(([status, count]) =>
    row(
      [`${what} ${statusLabels[status] ?? status}`, count],
      [undefined, count > 0 ? (statusStyle(status) ?? styles.plain) : styles.plain]
    )
  ),
  row([`${what} in all`, sum(counts)], [undefined, styles.plain])
]

/** Run: what ran, against which service (its base URL only), when, how it ended and the cells by status. */
export const runTable = (model: ReportModel, now: Date): XlsxTable => {
  const { pipeline, run } = model
  const seconds = durationSeconds(run.startedAt, run.finishedAt)
  const alert = run.outcome === "completed" ? undefined : [undefined, styles.failed]
  const rows: Array<XlsxRow> = [
    row(["Pipeline", pipeline.name]),
    row(["Pipeline file", pipeline.file]),
    row(["Pipeline file hash", pipeline.hash]),
    row(["Run", run.id], [undefined, styles.plain]),
    row(["Outcome", run.outcome], alert),
    ...(run.note === undefined ? [] : [row(["Note", run.note], alert)]),
    row(["Service base URL", displayUrl(run.baseUrl)]),
    row(["Started", run.startedAt]),
    row(["Finished", run.finishedAt ?? "(not finished)"]),
    row(["Duration", seconds === undefined ? "" : formatDuration(seconds)]),
    row(["Duration (seconds)", seconds], [undefined, styles.plain]),
    ...countRows("Cells", run.counts),
    ...(run.chatCounts === undefined || sum(run.chatCounts) === 0 ? [] : countRows("Chat messages", run.chatCounts)),
    row(["docsweep version", run.docsweepVersion]),
    row(["Report written", now.toISOString()])
  ]
  return {
    name: "Run",
    columns: widths({ Field: 24, Value: 80 }),
    frozenColumns: 1,
    rows
  }
}

/** Chats: every chat question with its scope, documents, answer and status. */
export const chatsTable = (model: ReportModel): XlsxTable => ({
  name: "Chats",
  columns: widths({ Chat: 20, Scope: 8, Documents: 36, Message: 50, Answer: 80, Status: 10, Error: 40 }),
  frozenColumns: 1,
  rows: model.chats.map((chat) =>
    row(
      [chat.chat, chat.scope, chat.documents.join("\n"), chat.message, chat.answer, chat.status, chat.error],
      [undefined, undefined, undefined, undefined, undefined, statusStyle(chat.status), statusStyle(chat.status)]
    )
  )
})

/** Changes: answers that differ from an earlier run. */
export const changesTable = (changes: NonNullable<ReportModel["changes"]>): XlsxTable => ({
  name: "Changes",
  columns: widths({
    "Document ID": 12,
    "File name": 36,
    Column: 24,
    Before: 50,
    After: 50,
    "From run": 10,
    "To run": 10
  }),
  frozenColumns: 2,
  rows: changes.map((change) =>
    row(
      [change.documentId, change.filename, change.column, change.before, change.after, change.fromRun, change.toRun],
      [styles.plain, undefined, undefined, undefined, undefined, styles.plain, styles.plain]
    )
  )
})
