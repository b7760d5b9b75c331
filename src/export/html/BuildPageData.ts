import { inertControls } from "../NeutralizeFormula.js"
import { columnType, type ReportAnswer, type ReportCell, type ReportModel, type ReportSetting } from "../ReportModel.js"
import {
  type PageAnswer,
  type PageChat,
  type PageData,
  type PageSetting,
  pageDataFormat,
  type StatusCode
} from "./PageData.js"

const statusCode: Record<ReportCell["status"], StatusCode> = {
  success: "s",
  failed: "f",
  pending: "p",
  running: "r",
  skipped: "k"
}

const optionalText = (text: string | undefined): string | null => (text === undefined ? null : inertControls(text))

/** The answer a pair had at the end of `run`: the latest result up to it, its text when it succeeded. */
const answerAsOf = (answers: ReadonlyArray<ReportAnswer>, run: number): string | undefined => {
  const latest = answers.findLast((answer) => answer.runId <= run)
  return latest?.status === "success" ? (latest.response ?? "") : undefined
}

const pageAnswer = (answer: ReportAnswer): PageAnswer => ({
  run: answer.runId,
  status: answer.status === "success" ? "s" : "f",
  text: optionalText(answer.response),
  error: optionalText(answer.error),
  at: answer.at
})

const sinceStart = (startedAt: number, finishedAt: string | undefined): number | null => {
  if (finishedAt === undefined || !Number.isFinite(startedAt)) return null
  const at = Date.parse(finishedAt)
  return Number.isFinite(at) ? Math.max(0, Math.round(at - startedAt)) : null
}

const cleanSetting = (setting: ReportSetting): PageSetting => ({
  key: inertControls(setting.key),
  value: inertControls(setting.value),
  source: inertControls(setting.source)
})

/**
 * The page's data from the report model: every cell in row order (documents × columns), the earlier answers of
 * the pairs whose history says more, which answers changed since the previous run (as `docsweep diff` counts:
 * the latest result up to each run, a failure counting as no answer), chats and the run's settings. The token is
 * in none of the model's fields, so it cannot reach the page.
 */
export const buildPageData = (
  model: ReportModel,
  options: { readonly generatedAt: Date; readonly settings: ReadonlyArray<ReportSetting> }
): PageData => {
  const { columns, documents, history, run } = model
  const startedAt = Date.parse(run.startedAt)
  const previousRunId = history?.previousRunId
  let status = ""
  const text: Array<string> = []
  const errors: Array<readonly [number, string]> = []
  const attempts: Array<number> = []
  const seconds: Array<number | null> = []
  const finished: Array<number | null> = []
  const changed: Array<number> = []
  const earlier: Array<readonly [number, ReadonlyArray<PageAnswer>]> = []
  for (const document of documents) {
    for (const column of columns) {
      const index = text.length
      const cell = model.cell(document.id, column.id)
      status += cell === undefined ? "-" : statusCode[cell.status]
      text.push(cell?.status === "success" ? inertControls(cell.response ?? "") : "")
      if (cell?.error !== undefined) errors.push([index, inertControls(cell.error)])
      attempts.push(cell?.attempts ?? 0)
      seconds.push(cell?.seconds === undefined ? null : Math.round(cell.seconds * 1000) / 1000)
      finished.push(cell?.runId === run.id ? sinceStart(startedAt, cell.finishedAt) : null)
      const answers = history?.of(document.id, column.id) ?? []
      if (answers.length === 0) continue
      earlier.push([index, answers.map(pageAnswer)])
      if (previousRunId !== undefined && answerAsOf(answers, previousRunId) !== answerAsOf(answers, run.id)) {
        changed.push(index)
      }
    }
  }
  const chats = model.chats.map(
    (chat): PageChat => ({
      chat: inertControls(chat.chat),
      scope: chat.scope,
      session: chat.session ?? chat.documents.join("\n"),
      documents: chat.documents.map(inertControls),
      position: chat.position ?? 0,
      message: inertControls(chat.message),
      answer: optionalText(chat.answer),
      status: chat.status,
      error: optionalText(chat.error),
      attempts: chat.attempts ?? null,
      seconds: chat.seconds ?? null
    })
  )
  return {
    format: pageDataFormat,
    generatedAt: options.generatedAt.toISOString(),
    pipeline: { name: model.pipeline.name, file: model.pipeline.file, hash: model.pipeline.hash },
    run: {
      id: run.id,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt ?? null,
      outcome: run.outcome,
      baseUrl: run.baseUrl,
      docsweepVersion: run.docsweepVersion,
      note: optionalText(run.note),
      counts: run.counts
    },
    previousRunId: previousRunId ?? null,
    settings: options.settings.map(cleanSetting),
    columns: columns.map((column) => ({
      name: inertControls(column.name),
      query: inertControls(column.query),
      meta: inertControls(JSON.stringify(column.meta)),
      type: columnType(column)
    })),
    documents: {
      ids: documents.map((document) => document.id),
      filenames: documents.map((document) => inertControls(document.filename)),
      pages: documents.map((document) => document.pages ?? null)
    },
    cells: { status, text, errors, attempts, seconds, finished, changed },
    history: earlier,
    chats
  }
}
