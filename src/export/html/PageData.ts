/**
 * What the HTML report's page reads: one JSON document, gzip-compressed and base64-encoded into the file (or served
 * by `docsweep view`). Written by `buildPageData` in Node, read by the page's code in the browser: this module
 * holds types and small pure helpers only, so both sides bundle it.
 *
 * Cells are columnar and row-major (cell `i` is document `floor(i / columns)`, column `i % columns`), so 100,000
 * cells cost their answers' text and a few numbers each, not an object with keys each.
 */

export const pageDataFormat = 1

/** One character per cell: success, failed, pending, running, skipped, or no cell planned. */
export type StatusCode = "s" | "f" | "p" | "r" | "k" | "-"

interface PageRun {
  readonly id: number
  readonly startedAt: string
  readonly finishedAt: string | null
  readonly outcome: string
  readonly baseUrl: string
  readonly docsweepVersion: string
  readonly note: string | null
  readonly counts: Readonly<Record<string, number>>
}

interface PageColumn {
  readonly name: string
  readonly query: string
  /** The column's meta as JSON text ("{}" when empty). */
  readonly meta: string
  readonly type: "text" | "number" | "date"
}

interface PageDocuments {
  readonly ids: ReadonlyArray<number>
  readonly filenames: ReadonlyArray<string>
  readonly pages: ReadonlyArray<number | null>
}

interface PageCells {
  /** One `StatusCode` per cell. */
  readonly status: string
  /** The answer of each cell ("" when it has none). */
  readonly text: ReadonlyArray<string>
  /** `[cell, error]` for the cells that carry an error. */
  readonly errors: ReadonlyArray<readonly [number, string]>
  readonly attempts: ReadonlyArray<number>
  readonly seconds: ReadonlyArray<number | null>
  /** Milliseconds from the run's start to the cell's answer, for cells settled in this run; else null. */
  readonly finished: ReadonlyArray<number | null>
  /** Cells whose answer differs from the one they had at the end of the previous run. */
  readonly changed: ReadonlyArray<number>
}

/** An earlier (or the current) result of a pair. */
export interface PageAnswer {
  readonly run: number
  readonly status: "s" | "f"
  readonly text: string | null
  readonly error: string | null
  readonly at: string
}

export interface PageChat {
  readonly chat: string
  readonly scope: "each" | "all"
  readonly session: string
  readonly documents: ReadonlyArray<string>
  readonly position: number
  readonly message: string
  readonly answer: string | null
  readonly status: string
  readonly error: string | null
  readonly attempts: number | null
  readonly seconds: number | null
}

export interface PageSetting {
  readonly key: string
  readonly value: string
  readonly source: string
}

export interface PageData {
  readonly format: typeof pageDataFormat
  readonly generatedAt: string
  readonly pipeline: { readonly name: string; readonly file: string; readonly hash: string }
  readonly run: PageRun
  readonly previousRunId: number | null
  readonly settings: ReadonlyArray<PageSetting>
  readonly columns: ReadonlyArray<PageColumn>
  readonly documents: PageDocuments
  readonly cells: PageCells
  /** `[cell, answers oldest first]` for the pairs whose history says more than the cell. */
  readonly history: ReadonlyArray<readonly [number, ReadonlyArray<PageAnswer>]>
  readonly chats: ReadonlyArray<PageChat>
}

/** The element ids and meta names the HTML document and the page agree on. */
export const pageIds = {
  data: "docsweep-data",
  root: "app",
  /** `<meta name=…>` present when `docsweep view` serves the page: its content is the embedded data's version. */
  live: "docsweep-live"
} as const

/** The paths `docsweep view` answers besides the page itself. */
export const livePaths = {
  /** `GET`: `{ "version": string }`; the version changes whenever the checkpoint does. */
  version: "/api/version",
  /** `GET`: the page data as JSON (gzip-encoded). */
  data: "/api/data",
  /** `GET ?document=ID&page=N`: `{ "text": string }` of a local file's page, or 404. */
  pageText: "/api/page-text"
} as const

/** The header of `livePaths.data`'s reply that carries the version the data was read at. */
export const versionHeader = "x-docsweep-version"
