import { shownText } from "../client/ShownText.js"
import type { AnswerChange, ChatAnswerChange } from "../store/CheckpointModel.js"
import type { ColumnChanges } from "../store/ColumnChanges.js"
import type { DocumentChanges } from "../store/DocumentChanges.js"
import type { StatusData } from "./StatusData.js"
import { plural } from "./Words.js"

const counts = (record: Readonly<Record<string, number>>) =>
  Object.entries(record)
    .filter(([, count]) => count > 0)
    .map(([state, count]) => `${state} ${count}`)
    .join(", ") || "none"

/** Text a service or a document wrote, on one line, cut to `width`, control characters made visible. */
const clip = (text: string | undefined, width = 100) =>
  text === undefined
    ? "(none)"
    : shownText(text.length > width ? `${text.slice(0, width - 1).replace(/\s+/g, " ")}…` : text.replace(/\s+/g, " "))

const lockLine = ({ lock, lockError }: StatusData) => {
  if (lockError !== null)
    return `lock: cannot be read, so whether a run is going on is not known (${shownText(lockError)})`
  if (lock === null) return "lock: free"
  const holder = `process ${lock.pid} on ${shownText(lock.hostname)} since ${lock.startedAt}`
  return lock.alive ? `lock: held by ${holder}` : `lock: left by ${holder}, which is gone (the next run takes it over)`
}

/** `docsweep status` as text: one screen, newest run first; failures with what to do about them. */
export const renderStatus = (data: StatusData, rerun = "docsweep run FILE"): string => {
  const lines = [`checkpoint: ${data.checkpoint}`, lockLine(data)]
  const newest = data.runs.at(-1)
  if (data.pipelineChanged && newest !== undefined) {
    lines.push(
      `pipeline: the file changed since run #${newest.id}; the counts below are of the pipeline as that run asked it (the next run asks it as it is now)`
    )
  }
  lines.push(`last activity: ${data.lastActivity ?? "none"}`)
  lines.push(`cells: ${counts(data.cells)}`)
  lines.push(`chats: ${counts(data.chats)}`)
  lines.push("", "runs:")
  for (const run of [...data.runs].reverse().slice(0, 10)) {
    const shard = run.shard === undefined ? "" : ` shard ${run.shard}`
    lines.push(
      `  #${run.id} ${run.outcome}${shard} started ${run.startedAt}${run.finishedAt === undefined ? "" : ` finished ${run.finishedAt}`} · ${counts(run.counts)}${run.note === undefined ? "" : ` · ${shownText(run.note)}`}`
    )
  }
  if (data.runs.length > 10) lines.push(`  … ${data.runs.length - 10} older runs`)
  if (data.failedCells.length > 0) {
    lines.push("", `failed cells (${data.failedCells.length}):`)
    for (const cell of data.failedCells.slice(0, 20)) {
      lines.push(
        `  ${shownText(cell.filename)} (#${cell.documentId}) · ${shownText(cell.columnName)} · ${plural(cell.attempts, "attempt")}: ${clip(cell.error)}`
      )
    }
    if (data.failedCells.length > 20) lines.push(`  … ${data.failedCells.length - 20} more (status --json lists all)`)
  }
  if (data.failedChats.length > 0) {
    lines.push("", `failed chat messages (${data.failedChats.length}):`)
    for (const chat of data.failedChats.slice(0, 20)) {
      lines.push(
        `  ${shownText(chat.chatName)} #${chat.position + 1} on ${sessionDocuments(chat.filenames)} · ${clip(chat.query, 50)}: ${clip(chat.error)}`
      )
    }
    if (data.failedChats.length > 20) lines.push(`  … ${data.failedChats.length - 20} more (status --json lists all)`)
  }
  if (data.failedCells.length + data.failedChats.length > 0) {
    lines.push("", `to ask them again: ${shownText(rerun)} (with --only-failed: only these, nothing new)`)
  }
  return lines.join("\n")
}

/** The documents of a chat session, named: one or two by file name, more by count. */
const sessionDocuments = (filenames: ReadonlyArray<string>) =>
  filenames.length <= 2 ? filenames.map(shownText).join(" and ") || "no document" : plural(filenames.length, "document")

/** `1 answer changed between run #1 and run #2`, `no answers changed …`. */
export const diffHeadline = (from: number, to: number, changed: number): string =>
  `${changed === 0 ? "no answers" : changed === 1 ? "1 answer" : `${changed} answers`} changed between run #${from} and run #${to}`

/** What a column asks anew: its query before → after, and its meta when that changed (alone, the query reads the same). */
const requery = (column: ColumnChanges["requeried"][number]) => {
  const query = `${clip(column.before, 100)} → ${clip(column.after, 100)}`
  if (column.metaBefore === undefined) return query
  const meta = `meta ${clip(JSON.stringify(column.metaBefore), 100)} → ${clip(JSON.stringify(column.metaAfter), 100)}`
  return column.before === column.after ? `same query, ${meta}` : `${query}; ${meta}`
}

/**
 * `docsweep diff` as text: one block per changed answer (cells, then chat messages), then the columns that left,
 * joined, were renamed (same query and meta under a new name) or ask a new query, then the documents that left or
 * joined the pipeline.
 */
export const renderDiff = (
  from: number,
  to: number,
  changes: ReadonlyArray<AnswerChange>,
  documents: DocumentChanges | undefined,
  columns?: ColumnChanges | undefined,
  chats: ReadonlyArray<ChatAnswerChange> = []
): string => {
  const changed = changes.length + chats.length
  const lines = [changed === 0 ? diffHeadline(from, to, 0) : `${diffHeadline(from, to, changed)}:`]
  const answer = (before: string | undefined, after: string | undefined) =>
    lines.push(`  - ${clip(before, 200)}`, `  + ${clip(after, 200)}`)
  for (const change of changes) {
    lines.push("", `${shownText(change.filename)} (#${change.documentId}) · ${change.column}`)
    answer(change.before, change.after)
  }
  for (const chat of chats) {
    const on = sessionDocuments(chat.filenames)
    const was = chat.queryBefore === undefined ? "" : ` (was: ${clip(chat.queryBefore, 100)})`
    lines.push("", `chat ${shownText(chat.chat)} #${chat.position + 1} on ${on} · ${clip(chat.query, 100)}${was}`)
    answer(chat.before, chat.after)
  }
  const { removed = [], added = [], renamed = [], requeried = [] } = columns ?? {}
  const named = (mark: string) => (name: string) => `${mark} ${shownText(name)}`
  const document = (mark: string) => (doc: DocumentChanges["added"][number]) =>
    `${mark} ${shownText(doc.filename)} (#${doc.documentId})`
  const blocks: ReadonlyArray<readonly [heading: string, items: ReadonlyArray<string>]> = [
    [
      `${plural(removed.length, "column")} left the pipeline (${removed.length === 1 ? "its" : "their"} answers are no longer reported)`,
      removed.map(named("-"))
    ],
    [`${plural(added.length, "column")} joined the pipeline`, added.map(named("+"))],
    [
      `${plural(renamed.length, "column")} renamed (same query and meta)`,
      renamed.map((rename) => `~ ${shownText(rename.from)} → ${shownText(rename.to)}`)
    ],
    [
      `${plural(requeried.length, "column")} ${requeried.length === 1 ? "asks a new query" : "ask new queries"}`,
      requeried.map((c) => `~ ${shownText(c.name)}: ${requery(c)}`)
    ],
    [
      `${plural(documents?.removed.length ?? 0, "document")} left the pipeline`,
      (documents?.removed ?? []).map(document("-"))
    ],
    [
      `${plural(documents?.added.length ?? 0, "document")} joined the pipeline`,
      (documents?.added ?? []).map(document("+"))
    ]
  ]
  for (const [heading, items] of blocks) {
    if (items.length > 0) lines.push("", `${heading}:`, ...items.map((item) => `  ${item}`))
  }
  return lines.join("\n")
}
