import { constants } from "node:fs"
import { access, realpath } from "node:fs/promises"
import { relative, sep } from "node:path"
import { Effect } from "effect"
import { glob } from "tinyglobby"
import { brokenLinksMatching } from "./BrokenLinks.js"
import { isMapping } from "./Fields.js"
import type { Path } from "./IssueProblems.js"
import { formatPath } from "./IssueProblems.js"

interface FileSetProblem {
  readonly path: Path
  readonly message: string
}

interface ResolvedFileSets {
  readonly problems: ReadonlyArray<FileSetProblem>
  /**
   * Matched files of each `files:` set, by index in `documents`: absolute and sorted, each real file once across
   * all sets (see `onePathToEachFile`).
   */
  readonly paths: ReadonlyMap<number, ReadonlyArray<string>>
}

/** A failure in a few words: a file error code's meaning where known, else the error's message. */
export const describeCause = (cause: unknown): string => {
  const code = isMapping(cause) ? cause.code : undefined
  switch (code) {
    case "ENOENT":
      return "no such file or directory"
    case "EACCES":
    case "EPERM":
      return "permission denied"
    case "EISDIR":
      return "is a directory"
    default:
      return cause instanceof Error ? cause.message : String(cause)
  }
}

const readable = (file: string) =>
  Effect.tryPromise({ try: () => access(file, constants.R_OK), catch: describeCause }).pipe(
    Effect.as(undefined),
    Effect.catchAll((reason) => Effect.succeed(reason))
  )

/** Where a path really leads (symbolic links resolved); the path itself when that cannot be told. */
const realPathOf = (file: string) => Effect.tryPromise(() => realpath(file)).pipe(Effect.orElseSucceed(() => file))

/** Of the paths to one file: the file's own path when matched, else the shortest (fewest links), else the first. */
const bestPath = (paths: ReadonlyArray<string>, real: string) =>
  paths.includes(real) ? real : [...paths].sort((a, b) => a.split(sep).length - b.split(sep).length)[0]

/**
 * Each real file once across all sets, in the first set that matches it: a file reached through a symbolic link
 * too (a linked folder, a link back up the tree) is one document, not one per path that leads to it.
 */
const onePathToEachFile = (
  sets: ReadonlyArray<{ readonly paths: ReadonlyArray<string>; readonly real: ReadonlyArray<string> }>
) => {
  const seen = new Set<string>()
  return sets.map(({ paths, real }) => {
    const byFile = new Map<string, Array<string>>()
    paths.forEach((path, i) => {
      const file = real[i] ?? path
      if (!seen.has(file)) byFile.set(file, [...(byFile.get(file) ?? []), path])
    })
    for (const file of byFile.keys()) seen.add(file)
    return [...byFile].flatMap(([file, candidates]) => bestPath(candidates, file) ?? []).sort()
  })
}

/**
 * Expands every `files:` glob of the raw pipeline, relative to `baseDir` (the pipeline file's folder). A glob that
 * matches nothing, a match that cannot be read, or a symbolic link it matches whose target is gone, is a problem at
 * that set's `files` value.
 */
export const resolveFileSets = Effect.fn("FileSets.resolveFileSets")(function* (
  raw: unknown,
  baseDir: string,
  cwd: string
) {
  const documents = isMapping(raw) && Array.isArray(raw.documents) ? raw.documents : []
  const sets = documents.flatMap((item: unknown, index) =>
    isMapping(item) && typeof item.files === "string" && item.files.trim() !== ""
      ? [{ index, pattern: item.files }]
      : []
  )
  const from = `${relative(cwd, baseDir) || "."}/`
  const results = yield* Effect.forEach(
    sets,
    Effect.fnUntraced(function* ({ index, pattern }) {
      const path = ["documents", index, "files"]
      const matched = yield* Effect.tryPromise({
        try: () => glob(pattern, { cwd: baseDir, absolute: true, onlyFiles: true, expandDirectories: false }),
        catch: describeCause
      }).pipe(Effect.either)
      if (matched._tag === "Left") {
        return {
          index,
          paths: [],
          real: [],
          problems: [{ path, message: `${formatPath(path)}: cannot search: ${matched.left}` }]
        }
      }
      const paths = [...matched.right].sort()
      const broken = (yield* Effect.promise(() => brokenLinksMatching(pattern, baseDir))).map(({ file, target }) => ({
        path,
        message: `${formatPath(path)}: cannot read ${relative(cwd, file)}: a symbolic link to ${target}, which does not exist`
      }))
      if (paths.length === 0) {
        const message = `${formatPath(path)}: ${JSON.stringify(pattern)} matches no files (relative to ${from})`
        return { index, paths, real: [], problems: broken.length > 0 ? broken : [{ path, message }] }
      }
      const unreadable = yield* Effect.forEach(
        paths,
        (file) => Effect.map(readable(file), (reason) => ({ file, reason })),
        {
          concurrency: 8
        }
      )
      const problems = [
        ...unreadable.flatMap(({ file, reason }) =>
          reason === undefined
            ? []
            : [{ path, message: `${formatPath(path)}: cannot read ${relative(cwd, file)}: ${reason}` }]
        ),
        ...broken
      ]
      const real = yield* Effect.forEach(paths, realPathOf, { concurrency: 8 })
      return { index, paths, real, problems }
    }),
    { concurrency: 4 }
  )
  const kept = onePathToEachFile(results)
  const resolved: ResolvedFileSets = {
    problems: results.flatMap((r) => r.problems),
    paths: new Map(results.map((r, i) => [r.index, kept[i] ?? []]))
  }
  return resolved
})
