import { indexCells, type ReportCell, type ReportModel } from "../../src/export/index.js"

const vocabulary = (
  "the agreement term renewal notice party shall payment within days invoice clause liability limited amount " +
  "governing law termination breach written consent confidential information obligations effective date " +
  "supplier customer services fees annual review insurance indemnity warranty delivery schedule penalty " +
  "interest rate currency euro dollar quarter month year signed approved pending exhibit section article"
).split(" ")

/** About 300 characters of varied text (a fixed pseudo-random word sequence per cell), so it compresses like prose. */
export const answerText = (documentId: number, columnId: number): string => {
  let seed = (documentId * 7919 + columnId * 104_729) % 2_147_483_647
  const parts = [`Document ${documentId}, column ${columnId}:`]
  let length = parts[0]?.length ?? 0
  while (length < 300) {
    seed = (seed * 48_271) % 2_147_483_647
    const word = seed % 7 === 0 ? String(seed % 100_000) : (vocabulary[seed % vocabulary.length] ?? "")
    parts.push(word)
    length += word.length + 1
  }
  return parts.join(" ").slice(0, 300)
}

/** A synthetic run: `documents` × `columns` cells of ~300 characters, one in a hundred failed, one pending. */
export const benchModel = (documents: number, columns: number): ReportModel => {
  const cells: Array<ReportCell> = []
  for (let d = 1; d <= documents; d++) {
    for (let c = 1; c <= columns; c++) {
      const slot = (d * columns + c) % 100
      cells.push(
        slot === 0
          ? {
              documentId: d,
              columnId: c,
              status: "failed",
              response: undefined,
              error: "HTTP 503",
              attempts: 5,
              seconds: 40
            }
          : slot === 1
            ? {
                documentId: d,
                columnId: c,
                status: "pending",
                response: undefined,
                error: undefined,
                attempts: 0,
                seconds: undefined
              }
            : {
                documentId: d,
                columnId: c,
                status: "success",
                response: answerText(d, c),
                error: undefined,
                attempts: 1,
                seconds: 3.5
              }
      )
    }
  }
  return {
    pipeline: { name: "bench", file: "pipelines/bench.yaml", hash: "0".repeat(64) },
    run: {
      id: 1,
      startedAt: "2026-11-22T03:00:00Z",
      finishedAt: "2026-11-22T04:00:00Z",
      outcome: "failed-cells",
      baseUrl: "http://127.0.0.1:8080",
      docsweepVersion: "0.1.0",
      counts: { success: documents * columns - 2 * Math.floor((documents * columns) / 100), failed: 0, pending: 0 }
    },
    columns: Array.from({ length: columns }, (_, i) => ({
      id: i + 1,
      name: `Column ${i + 1}`,
      query: `Query ${i + 1}?`,
      meta: {}
    })),
    documents: Array.from({ length: documents }, (_, i) => ({
      id: i + 1,
      filename: `document-${i + 1}.pdf`,
      pages: 10
    })),
    ...indexCells(cells),
    chats: []
  }
}
