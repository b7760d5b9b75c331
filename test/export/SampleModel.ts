import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { indexCells, type ReportCell, type ReportModel, type ReportOptions } from "../../src/export/index.js"

/** Values that CSV and Excel writers get wrong: quotes, separators, newlines, unicode, formulas. */
export const tricky = {
  quotes: "He said \"yes\", then 'no'",
  commas: "a, b,, c",
  newlines: "line one\nline two\r\nline three",
  unicode: "Zürich — 東京 — مرحبا — 👩‍💻 ✓",
  formula: '=HYPERLINK("http://evil.example","click")',
  plus: "+31 20 555 0100",
  minus: "-5 dollars",
  at: "@SUM(A1:A2)",
  tab: "\tindented",
  carriageReturn: "\rreturn",
  lineFeed: "\nfeed",
  money: "$1,200.50",
  zeros: "00123",
  isoDate: "2026-11-22",
  long: "x".repeat(40_000)
} as const

const cell = (
  documentId: number,
  columnId: number,
  status: ReportCell["status"],
  response?: string,
  error?: string
): ReportCell => ({
  documentId,
  columnId,
  status,
  response,
  error,
  attempts: status === "failed" ? 3 : status === "success" ? 1 : 0,
  seconds: status === "success" || status === "failed" ? 2.5 : undefined
})

/**
 * Three documents × four columns. Column 3 is typed "number" (through meta.type), column 4 "date" (through type).
 * Document 1 holds the tricky text; document 2 a failure, a pending and a running cell; document 3 odd typed values.
 */
export const sampleCells: ReadonlyArray<ReportCell> = [
  cell(1, 1, "success", tricky.quotes),
  cell(1, 2, "success", tricky.formula),
  cell(1, 3, "success", "1,234.5"),
  cell(1, 4, "success", tricky.isoDate),
  cell(2, 1, "failed", undefined, "HTTP 503: service unavailable"),
  cell(2, 2, "pending"),
  cell(2, 3, "running"),
  cell(2, 4, "skipped"),
  cell(3, 1, "success", tricky.long),
  cell(3, 2, "success", tricky.money),
  cell(3, 3, "success", "about 12"),
  cell(3, 4, "success", "2026-02-30")
]

export const sampleModel = (overrides: Partial<ReportModel> = {}): ReportModel => ({
  pipeline: { name: "contracts", file: "pipelines/contracts.yaml", hash: "9f86d081884c7d65" },
  run: {
    id: 7,
    startedAt: "2026-11-22T03:00:00.000Z",
    finishedAt: "2026-11-22T03:15:30.000Z",
    outcome: "deadline",
    baseUrl: "https://ai.example.com/api",
    docsweepVersion: "0.1.0",
    counts: { success: 8, failed: 1, pending: 1, running: 1, skipped: 1 },
    chatCounts: { success: 2, failed: 1, pending: 0, running: 0 },
    note: "stopped by the deadline: 2 cells pending"
  },
  columns: [
    { id: 1, name: "Summary", query: "Summarise the document", meta: {} },
    { id: 2, name: "=Risky name", query: "What is risky?", meta: { weight: 2 } },
    { id: 3, name: "Amount", query: "Total amount?", meta: { type: "number" } },
    { id: 4, name: "Signed", query: "Date signed?", meta: {}, type: "date" }
  ],
  documents: [
    { id: 1, filename: 'a, "quoted".pdf', pages: 12 },
    { id: 2, filename: "-minus.pdf", pages: undefined },
    { id: 3, filename: "東京.docx", pages: 3 }
  ],
  ...indexCells(sampleCells),
  chats: [
    {
      chat: "overview",
      scope: "all",
      documents: ['a, "quoted".pdf', "東京.docx"],
      message: "Which contract is riskiest?",
      answer: "@mention the first one",
      status: "success"
    },
    {
      chat: "per-doc",
      scope: "each",
      documents: ["-minus.pdf"],
      message: "Summary?",
      answer: undefined,
      status: "failed",
      error: "timeout"
    }
  ],
  ...overrides
})

/** The Results header every writer gives `sampleModel()`: the formula-like column name is neutralized. */
export const resultsHeader = ["Document ID", "File name", "Pages", "Summary", "'=Risky name", "Amount", "Signed"]

/** The "overview" chat as a report row, up to its error cell (the mention neutralized). */
export const overviewChatRow = [
  "overview",
  "all",
  'a, "quoted".pdf\n東京.docx',
  "Which contract is riskiest?",
  "'@mention the first one",
  "success"
]

export const sampleOptions = (dir: string, overrides: Partial<ReportOptions> = {}): ReportOptions => ({
  dir,
  name: "contracts",
  formats: ["xlsx", "csv"],
  csvBom: false,
  allowFormulas: false,
  keep: 10,
  now: new Date("2026-11-22T03:15:30.123Z"),
  ...overrides
})

/** A fresh directory removed when the test's scope closes. */
export const tempDir = Effect.acquireRelease(
  Effect.promise(() => mkdtemp(join(tmpdir(), "docsweep-export-"))),
  (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true }))
)
