import { copyFile, readdir, rename, rm, stat } from "node:fs/promises"
import { basename, dirname, join } from "node:path"
import { Effect } from "effect"
import { ExportError } from "./ExportError.js"

/**
 * File names. One report is a set of files sharing `<name>-<tag>`, where the tag is a UTC timestamp
 * (`20261122T031500Z`) or `latest`:
 *   `<name>-<tag>.xlsx`, `<name>-<tag>-results.csv`, `<name>-<tag>-cells.csv`,
 *   `<name>-<tag>-chats.csv` (when there are chats), `<name>-<tag>-changes.csv` (when changes are on),
 *   `<name>-<tag>.html`.
 */
export const reportSuffixes = [".xlsx", "-results.csv", "-cells.csv", "-chats.csv", "-changes.csv", ".html"] as const

/** `2026-11-22T03:15:00.123Z` → `20261122T031500Z`. */
export const timestampTag = (now: Date): string =>
  now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(/[-:]/g, "")

export const latestTag = "latest"

/** The path of a report set without its suffix: `<dir>/<name>-<tag>`. */
export const reportStem = (dir: string, name: string, tag: string): string => join(dir, `${name}-${tag}`)

const attempt = <A>(path: string, run: () => Promise<A>) =>
  Effect.tryPromise({ try: run, catch: (cause) => new ExportError({ path, cause }) })

/** Hidden, per-process temporary name next to the target, so the rename stays on one file system. */
const temporaryPath = (path: string): string => join(dirname(path), `.${basename(path)}.${process.pid}.tmp`)

const temporaryPattern = /^\..+\.(\d+)\.tmp$/

/** A temporary report file older than this is left over whatever its pid says (pids are reused, hosts share dirs). */
const temporaryMaxAgeMs = 24 * 60 * 60 * 1000

/** Whether a process with this pid runs on this host (EPERM: it does, under another user). */
const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return typeof error === "object" && error !== null && "code" in error && error.code === "EPERM"
  }
}

/**
 * Removes the temporary report files (`.<report>.<pid>.tmp`) a killed export left in `dir`: those of a process
 * that no longer runs, and any older than a day. Another export writing now keeps its own.
 */
export const removeStaleTemporaries = Effect.fn("ReportFiles.removeStaleTemporaries")(function* (
  dir: string,
  nowMs: number
) {
  const entries = yield* attempt(dir, () => readdir(dir))
  const stale: Array<string> = []
  for (const entry of entries) {
    const pid = Number(temporaryPattern.exec(entry)?.[1])
    if (!Number.isInteger(pid) || pid === process.pid) continue
    const path = join(dir, entry)
    const modified = yield* attempt(path, () => stat(path)).pipe(
      Effect.map((stats) => stats.mtimeMs),
      Effect.orElseSucceed(() => nowMs)
    )
    if (!processAlive(pid) || nowMs - modified > temporaryMaxAgeMs) stale.push(path)
  }
  yield* Effect.forEach(stale, removeFile, { discard: true })
  return stale
})

/**
 * Writes `path` through a temporary file renamed into place at the end: readers see the old file or the whole
 * new one, and a crash leaves no half-written report under a report's name.
 */
export const writeAtomically = <E, R>(
  path: string,
  write: (temporary: string) => Effect.Effect<void, E, R>
): Effect.Effect<string, E | ExportError, R> => {
  const temporary = temporaryPath(path)
  return write(temporary).pipe(
    Effect.zipRight(attempt(path, () => rename(temporary, path))),
    Effect.as(path),
    Effect.onError(() =>
      attempt(temporary, () => rm(temporary, { force: true })).pipe(
        Effect.catchAll((error) => Effect.logWarning("Could not remove a temporary report file", error.message))
      )
    )
  )
}

/** Removes a file if it is there. */
export const removeFile = (path: string): Effect.Effect<void, ExportError> =>
  attempt(path, () => rm(path, { force: true }))

/** Removes files this process wrote, when what they were part of failed; a file that will not go is only logged. */
export const removeWritten = (paths: ReadonlyArray<string>): Effect.Effect<void> =>
  Effect.forEach(
    paths,
    (path) =>
      removeFile(path).pipe(
        Effect.catchAll((error) => Effect.logWarning("Could not remove a report file", error.message))
      ),
    { discard: true }
  )

/**
 * Copies finished reports over their `-latest` names as one set: every copy is made under a temporary name first, and
 * only when all are there are they renamed into place, so a copy that fails (a full disk) leaves the earlier
 * `-latest` set whole instead of half of it replaced by this one's files.
 */
export const copyAllAtomically = (
  pairs: ReadonlyArray<readonly [from: string, to: string]>
): Effect.Effect<ReadonlyArray<string>, ExportError> => {
  const temporaries = pairs.map(([, to]) => temporaryPath(to))
  const stage = Effect.forEach(pairs, ([from, to]) => attempt(to, () => copyFile(from, temporaryPath(to))), {
    discard: true
  })
  const place = Effect.forEach(pairs, ([, to]) => attempt(to, () => rename(temporaryPath(to), to)).pipe(Effect.as(to)))
  return Effect.zipRight(stage, place).pipe(Effect.onError(() => removeWritten(temporaries)))
}

const escapeRegExp = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\]/g, "\\$&")

/**
 * Removes the oldest timestamped report sets of `name` in `dir` beyond the newest `keep` (at least 1). The set
 * tagged `current` (just written), `-latest` files and other names are never touched. Returns the removed paths.
 */
export const pruneReports = Effect.fn("ReportFiles.pruneReports")(function* (
  dir: string,
  name: string,
  keep: number,
  current: string
) {
  const suffixes = reportSuffixes.map(escapeRegExp).join("|")
  const pattern = new RegExp(`^${escapeRegExp(name)}-(\\d{8}T\\d{6}Z)(?:${suffixes})$`)
  const entries = yield* attempt(dir, () => readdir(dir))
  const sets = new Map<string, Array<string>>()
  for (const entry of entries) {
    const tag = pattern.exec(entry)?.[1]
    if (tag !== undefined) sets.set(tag, [...(sets.get(tag) ?? []), join(dir, entry)])
  }
  // The tags are fixed-width UTC timestamps, so sorting them as text sorts them by time.
  // A keep that is not a number keeps every set rather than none.
  const kept = Number.isFinite(keep) ? Math.max(1, Math.floor(keep)) : Number.POSITIVE_INFINITY
  const stale = [...sets.keys()]
    .sort()
    .reverse()
    .slice(kept)
    .filter((tag) => tag !== current)
  const removed = stale.flatMap((tag) => sets.get(tag) ?? [])
  yield* Effect.forEach(removed, removeFile, { discard: true })
  return removed
})
