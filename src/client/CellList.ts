import { Effect, Either, Schema, Stream } from "effect"
import { AiCell } from "../api/Tables.js"
import { UnexpectedReply } from "./ClientError.js"
import { makeJsonArraySplitter } from "./JsonArraySplitter.js"
import { mismatch, notJson } from "./ReplyErrors.js"
import { scrubStrings } from "./Scrub.js"
import { shownText } from "./ShownText.js"

/** Which listed cells a caller wants, by `(document_id, ai_column_id)`. */
export type WantedCell = (documentId: number, columnId: number) => boolean

/** The wanted cells of one read of a table's cell list, and what the whole list cost. */
interface CellListing {
  readonly cells: ReadonlyArray<AiCell>
  /** Cells in the list, wanted or not. */
  readonly listed: number
  /** Bytes of the reply body. */
  readonly bytes: number
}

const decodeCell = Schema.decodeUnknownEither(AiCell)

/** How much of the list's start is kept to say what a body that is no list holds. */
const headBytes = 2048

const numberAt = (element: unknown, field: "document_id" | "ai_column_id"): number | undefined => {
  if (typeof element !== "object" || element === null) return undefined
  const value = (element as Record<string, unknown>)[field]
  return typeof value === "number" ? value : undefined
}

/** One element of the list: the cell when wanted (decoded against the contract), `undefined` when not. */
const pickCell = (
  request: string,
  index: number,
  text: string,
  wanted: WantedCell,
  clean: (text: string) => string
): Either.Either<AiCell | undefined, UnexpectedReply> => {
  let element: unknown
  try {
    element = JSON.parse(text)
  } catch {
    return Either.left(notJson(request))
  }
  const documentId = numberAt(element, "document_id")
  const columnId = numberAt(element, "ai_column_id")
  if (documentId === undefined || columnId === undefined) {
    const field = documentId === undefined ? "document_id" : "ai_column_id"
    return Either.left(new UnexpectedReply({ request, field: `${index}.${field}`, detail: "expected a number" }))
  }
  if (!wanted(documentId, columnId)) return Either.right(undefined)
  return Either.map(
    Either.mapLeft(decodeCell(element), (error) => mismatch(request, error, clean, [index])),
    scrubStrings(clean)
  )
}

/**
 * Reads a cell list body chunk by chunk and keeps only the wanted cells, decoded against the contract. A poll
 * wants the few hundred cells in flight of a table of up to 10,000: decoding every cell made about 20 MB of
 * garbage per poll, and reading the body as one string put 2 MB per poll where only a full collection frees it;
 * together they were most of the runner's memory on large runs. Every element must still be an object with
 * numeric `document_id` and `ai_column_id`; the other fields of unwanted cells are not checked. A body that is no
 * array at all is described from its first bytes by `startProblem` (empty, a proxy's page). Past `limit` bytes the
 * rest is not read, as for every reply: a list that never ends, of wanted cells, would fill the memory.
 */
export const readCells = <E>(
  request: string,
  body: Stream.Stream<Uint8Array, E>,
  wanted: WantedCell,
  clean: (text: string) => string,
  options: { readonly limit: number; readonly startProblem?: (head: Uint8Array) => string | undefined }
): Effect.Effect<Either.Either<CellListing, UnexpectedReply>, E> =>
  Effect.suspend(() => {
    const splitter = makeJsonArraySplitter()
    const picked: Array<AiCell> = []
    let head = new Uint8Array(0)
    let index = 0
    let bytes = 0
    let problem: UnexpectedReply | undefined
    const take = (texts: ReadonlyArray<string>) => {
      for (const text of texts) {
        const cell = pickCell(request, index++, text, wanted, clean)
        if (Either.isLeft(cell)) {
          problem = cell.left
          return false
        }
        if (cell.right !== undefined) picked.push(cell.right)
      }
      return true
    }
    const read = (chunk: Uint8Array) => {
      if (head.byteLength < headBytes) head = Buffer.concat([head, chunk.subarray(0, headBytes - head.byteLength)])
      bytes += chunk.byteLength
      if (bytes > options.limit) {
        const detail = `the body is larger than ${options.limit / 2 ** 20} MiB; the rest was not read`
        problem = new UnexpectedReply({ request, field: "", detail })
        return false
      }
      return take(splitter.push(chunk))
    }
    return Stream.runForEachWhile(body, (chunk) => Effect.sync(() => read(chunk))).pipe(
      Effect.map(() => {
        if (problem !== undefined) return Either.left(problem)
        const unfinished = splitter.finish()
        if (unfinished !== undefined) {
          const detail = clean(options.startProblem?.(head) ?? unfinished)
          return Either.left(new UnexpectedReply({ request, field: "", detail: shownText(detail) }))
        }
        return Either.right<CellListing>({ cells: picked, listed: index, bytes })
      })
    )
  })
