import { indexCells, type ReportAnswer, type ReportCell, type ReportModel } from "../../../src/export/index.js"

/**
 * Answers and names from documents and AI output that would run code if the page treated them as HTML, or mislead
 * it: a right-to-left override in a file name, strings of thousands of characters without a space.
 */
export const hostile = {
  filename: `\u202e<img src=x onerror="window.__pwned='file'">.pdf`,
  column: "<script>window.__pwned='column'</script>",
  script: "<script>window.__pwned='script'</script>",
  img: `<img src=x onerror="window.__pwned='img'">`,
  link: `<a href="javascript:window.__pwned='link'">open</a> [click](javascript:window.__pwned='md';${"void(0);".repeat(300)})`,
  ansi: "\u001b[31mred\u001b[0m \u001b]0;retitled\u0007",
  error: "<b onmouseover=\"window.__pwned='error'\">boom</b>",
  chat: `<iframe srcdoc="<script>parent.__pwned='iframe'</script>"></iframe>`,
  longName: `scan-${"0".repeat(500)}.pdf`
} as const

const laws = ["New York", "Delaware", "England and Wales", "California", "Texas", "Ontario", "Bavaria"]

export const documentCount = 300

const answered = (documentId: number, columnId: number, response: string): ReportCell => ({
  documentId,
  columnId,
  status: "success",
  response,
  error: undefined,
  attempts: 1,
  seconds: 1 + ((documentId * columnId) % 17) / 4,
  finishedAt: new Date(Date.UTC(2026, 10, 22, 3, 0, documentId % 60, columnId * 100)).toISOString(),
  runId: 7
})

const lawAnswer = (law: string, page: number) =>
  `${law}\n\n"This Agreement is governed by the laws of ${law}, without regard to its conflict of laws rules." (p. ${page})`

const cellsOf = (documentId: number): ReadonlyArray<ReportCell> => {
  if (documentId === 1) {
    return [
      answered(1, 1, hostile.script),
      answered(1, 2, hostile.img),
      answered(1, 3, hostile.link),
      answered(1, 4, hostile.ansi)
    ]
  }
  if (documentId === 2) {
    const open = { response: undefined, attempts: 0, seconds: undefined }
    return [
      {
        documentId,
        columnId: 1,
        status: "failed",
        error: "HTTP 503: service unavailable",
        attempts: 3,
        seconds: 30,
        response: undefined
      },
      {
        documentId,
        columnId: 2,
        status: "failed",
        error: hostile.error,
        attempts: 3,
        seconds: 12,
        response: undefined
      },
      { documentId, columnId: 3, status: "pending", error: undefined, ...open },
      { documentId, columnId: 4, status: "running", error: undefined, ...open }
    ]
  }
  const law = laws[documentId % laws.length] ?? "Texas"
  return [
    answered(documentId, 1, documentId === 3 ? lawAnswer("New York", 4) : lawAnswer(law, 1 + (documentId % 5))),
    answered(documentId, 2, `${(documentId % 9) * 15 + 15} days`),
    answered(documentId, 3, `Supplier ${documentId} Ltd and Customer ${documentId} GmbH`),
    answered(documentId, 4, documentId % 4 === 0 ? "Yes." : "No clause found.")
  ]
}

const earlier: ReadonlyArray<ReportAnswer> = [
  { runId: 5, status: "failed", response: undefined, error: "timeout", at: "2026-11-20T03:01:00.000Z" },
  { runId: 6, status: "success", response: lawAnswer("Delaware", 4), error: undefined, at: "2026-11-21T03:01:00.000Z" },
  { runId: 7, status: "success", response: lawAnswer("New York", 4), error: undefined, at: "2026-11-22T03:01:00.000Z" }
]

/**
 * A run 7 of 300 documents × 4 columns: document 1 holds hostile answers (and a hostile file name), document 2
 * failures and unfinished cells, document 3's governing law changed since run 6 (Delaware → New York).
 */
export const reportModel = (): ReportModel => ({
  pipeline: { name: "contracts", file: "pipelines/contracts.yaml", hash: "9f86d081884c7d65" },
  run: {
    id: 7,
    startedAt: "2026-11-22T03:00:00.000Z",
    finishedAt: "2026-11-22T03:05:30.000Z",
    outcome: "failed-cells",
    baseUrl: "https://ai.example.com/api",
    docsweepVersion: "0.1.0",
    counts: { success: 1196, failed: 2, pending: 1, submitted: 1 }
  },
  columns: [
    { id: 1, name: "Governing law", query: "Which law governs the agreement?", meta: {} },
    { id: 2, name: "Notice", query: "What notice period applies?", meta: {} },
    { id: 3, name: "Parties", query: "Who are the parties?", meta: {} },
    { id: 4, name: hostile.column, query: "Is there a hostile clause?", meta: {} }
  ],
  documents: Array.from({ length: documentCount }, (_, i) => ({
    id: i + 1,
    filename: i === 0 ? hostile.filename : `contract-${String(i + 1).padStart(3, "0")}.pdf`,
    pages: 1 + (i % 9)
  })),
  ...indexCells(Array.from({ length: documentCount }, (_, i) => cellsOf(i + 1)).flat()),
  history: {
    previousRunId: 6,
    of: (documentId, columnId) => (documentId === 3 && columnId === 1 ? earlier : [])
  },
  chats: [
    {
      chat: "Summary",
      scope: "each",
      documents: ["contract-003.pdf"],
      message: "Summarize this document in two sentences.",
      answer: "A supply agreement under New York law.",
      status: "success",
      session: "3",
      position: 0
    },
    {
      chat: "Portfolio",
      scope: "all",
      documents: ["contract-003.pdf", "contract-004.pdf", hostile.longName],
      message: "Which documents allow termination for convenience?",
      answer: hostile.chat,
      status: "success",
      session: "3,4",
      position: 0
    },
    {
      chat: "Portfolio",
      scope: "all",
      documents: ["contract-003.pdf", "contract-004.pdf"],
      message: "And which are governed by New York law?",
      answer: undefined,
      status: "failed",
      error: "timeout",
      session: "3,4",
      position: 1
    }
  ]
})
