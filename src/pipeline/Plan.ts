import picomatch from "picomatch"
import type { DocumentSet } from "./DocumentSet.js"
import type { Chat, Column } from "./PipelineSchema.js"

/** One AI Table of the run: its rows (documents, in pipeline order) and the pipeline's columns. */
interface TablePlan {
  readonly index: number
  readonly documentIds: ReadonlyArray<number>
  readonly columns: ReadonlyArray<Column>
}

/** One chat session to open: single-doc (`scope: each`) or multi-doc (`scope: all`). */
interface SessionPlan {
  readonly chat: string
  readonly index: number
  readonly multidoc: boolean
  readonly documentIds: ReadonlyArray<number>
  readonly messages: ReadonlyArray<string>
  readonly useHistory: boolean
}

/** A document as the organization document list shows it (service-api §4.1). */
interface ListedDocument {
  readonly id: number
  readonly doctype?: string | null | undefined
  readonly filename?: string | null | undefined
}

/** Consecutive slices of at most `size` items (the last may be shorter). */
export const chunk = <A>(items: ReadonlyArray<A>, size: number): ReadonlyArray<ReadonlyArray<A>> => {
  const step = Math.max(1, Math.floor(size))
  return Array.from({ length: Math.ceil(items.length / step) }, (_, i) => items.slice(i * step, (i + 1) * step))
}

/** `from`..`to`, both included; empty when backwards. */
export const expandRange = (from: number, to: number): ReadonlyArray<number> =>
  to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** All ids of all sets, each once, in order of first appearance. */
export const dedupeDocumentIds = (sets: ReadonlyArray<ReadonlyArray<number>>): ReadonlyArray<number> => [
  ...new Set(sets.flat())
]

const normalizeDoctype = (doctype: string) => doctype.trim().replace(/^\./, "").toLowerCase()

/** A predicate for `workspace: all` with its optional `doctype` (case-insensitive) and `filename` glob. */
export const workspaceFilter = (set: { readonly doctype?: string; readonly filename?: string }) => {
  const wanted = set.doctype === undefined ? undefined : normalizeDoctype(set.doctype)
  // A pattern without "/" is matched against the last part of a name that has folders in it (picomatch's
  // `basename` would apply that to patterns with folders too).
  const nameMatches =
    set.filename === undefined
      ? undefined
      : picomatch(set.filename, { nocase: true, dot: true, basename: !set.filename.includes("/") })
  return (doc: Omit<ListedDocument, "id">): boolean =>
    (wanted === undefined || (typeof doc.doctype === "string" && normalizeDoctype(doc.doctype) === wanted)) &&
    (nameMatches === undefined || (typeof doc.filename === "string" && nameMatches(doc.filename)))
}

export const matchesWorkspaceFilter = (
  doc: Omit<ListedDocument, "id">,
  set: { readonly doctype?: string; readonly filename?: string }
): boolean => workspaceFilter(set)(doc)

/**
 * The ids one set stands for, given what the runner fetched: the organization's document list (for `workspace`)
 * and the ids of uploaded files by absolute path (for `files`; files not uploaded yet are left out).
 */
export const documentIdsOf = (
  set: DocumentSet,
  context: {
    readonly workspaceDocuments: ReadonlyArray<ListedDocument>
    readonly uploaded: ReadonlyMap<string, number>
  }
): ReadonlyArray<number> => {
  switch (set._tag) {
    case "Ids":
      return set.ids
    case "Range":
      return expandRange(set.from, set.to)
    case "Workspace":
      return context.workspaceDocuments.filter(workspaceFilter(set)).map((doc) => doc.id)
    case "Files":
      return set.paths.flatMap((path) => {
        const id = context.uploaded.get(path)
        return id === undefined ? [] : [id]
      })
  }
}

/** Files of every `files:` set, each once (sets may overlap), in order: each is uploaded once. */
export const filesToUpload = (documents: ReadonlyArray<DocumentSet>): ReadonlyArray<string> => [
  ...new Set(documents.flatMap((set) => (set._tag === "Files" ? set.paths : [])))
]

/**
 * Splits the documents over AI Tables of at most `maxDocumentsPerTable` rows, each with every column. Slices are
 * consecutive, so documents added at the end of a pipeline leave the earlier tables as they were.
 */
export const planTables = (
  documentIds: ReadonlyArray<number>,
  columns: ReadonlyArray<Column>,
  maxDocumentsPerTable: number
): ReadonlyArray<TablePlan> =>
  columns.length === 0
    ? []
    : chunk(documentIds, maxDocumentsPerTable).map((ids, index) => ({ index, documentIds: ids, columns }))

/** `[document_id, column_id]` pairs of one table, in run requests of at most `batchSize` pairs, row by row. */
export const planBatches = (
  documentIds: ReadonlyArray<number>,
  columnIds: ReadonlyArray<number>,
  batchSize: number
): ReadonlyArray<ReadonlyArray<readonly [number, number]>> =>
  chunk(
    documentIds.flatMap((d) => columnIds.map((c) => [d, c] as const)),
    batchSize
  )

/**
 * The documents of each multi-doc session, `max` at most each. The sessions an earlier run asked (`previous`, their
 * documents) keep those still in the pipeline, split when past `max`: a document added or removed changes only the
 * session it joins or leaves (its answers depend on its documents), not every session after it. New documents, in
 * pipeline order, fill the sessions that changed anyway first, then those with room, then new sessions. Each
 * session lists its documents in pipeline order, as a run that planned it afresh would: its answers' key follows
 * that order, so one that joined ahead of its session's documents must not leave the next run another order.
 */
const multiDocGroups = (
  documentIds: ReadonlyArray<number>,
  max: number,
  previous: ReadonlyArray<ReadonlyArray<number>>
): ReadonlyArray<ReadonlyArray<number>> => {
  const order = new Map(documentIds.map((id, index) => [id, index]))
  const inOrder = (documents: ReadonlyArray<number>) =>
    documents.filter((id) => order.has(id)).sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
  const kept = previous.map((documents) => ({ documents, present: inOrder(documents) }))
  kept.sort((a, b) => (order.get(a.present[0] ?? -1) ?? 0) - (order.get(b.present[0] ?? -1) ?? 0))
  const placed = new Set<number>()
  const groups: Array<{ readonly documents: Array<number>; readonly changed: boolean }> = []
  for (const { documents, present } of kept) {
    const unplaced = present.filter((id) => !placed.has(id))
    for (const part of chunk(unplaced, max)) {
      for (const id of part) placed.add(id)
      groups.push({ documents: [...part], changed: part.length !== documents.length })
    }
  }
  const fresh = documentIds.filter((id) => !placed.has(id))
  let taken = 0
  for (const group of [...groups.filter((g) => g.changed), ...groups.filter((g) => !g.changed)]) {
    const room = Math.max(0, max - group.documents.length)
    group.documents.push(...fresh.slice(taken, taken + room))
    taken = Math.min(fresh.length, taken + room)
  }
  return [...groups.map((g) => inOrder(g.documents)), ...chunk(fresh.slice(taken), max)]
}

/**
 * Sessions of one chat: one per document for `each`; for `all`, multi-doc sessions of `max_documents` at most,
 * keeping the documents of the sessions an earlier run asked (`previous`) together (see `multiDocGroups`).
 */
export const planSessions = (
  documentIds: ReadonlyArray<number>,
  chat: Chat,
  previous: ReadonlyArray<ReadonlyArray<number>> = []
): ReadonlyArray<SessionPlan> => {
  const groups =
    chat.scope === "each" ? documentIds.map((id) => [id]) : multiDocGroups(documentIds, chat.max_documents, previous)
  return groups.map((ids, index) => ({
    chat: chat.name,
    index,
    multidoc: chat.scope === "all",
    documentIds: ids,
    messages: chat.messages,
    useHistory: chat.use_history
  }))
}
