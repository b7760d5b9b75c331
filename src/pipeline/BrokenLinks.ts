import { lstat, readdir, readlink, stat } from "node:fs/promises"
import { isAbsolute, join, relative, resolve, sep } from "node:path"
import picomatch from "picomatch"

/** A symbolic link whose target is gone, and where it points. */
export interface BrokenLink {
  readonly file: string
  readonly target: string
}

const brokenAt = async (file: string): Promise<BrokenLink | undefined> => {
  const gone = await stat(file).then(
    () => false,
    () => true
  )
  if (!gone) return undefined
  const target = await readlink(file).catch(() => "?")
  return { file, target }
}

/**
 * The symbolic links a `files:` pattern matches (relative to `baseDir`, as the glob reads it) whose target is gone.
 * The glob library leaves them out of its matches without a word, so a document whose link broke would leave the run
 * silently; they are named instead, as an unreadable file is. The pattern's folder is read again for them (folders
 * reached through links are not entered: the glob's own walk reaches the same files through their real folder).
 */
export const brokenLinksMatching = async (pattern: string, baseDir: string): Promise<ReadonlyArray<BrokenLink>> => {
  const clean = pattern.replace(/^(?:\.\/)+/, "")
  const scanned = picomatch.scan(clean)
  const root = resolve(baseDir, scanned.base)
  if (!scanned.isGlob) {
    const isLink = await lstat(root).then(
      (stats) => stats.isSymbolicLink(),
      () => false
    )
    const broken = isLink ? await brokenAt(root) : undefined
    return broken === undefined ? [] : [broken]
  }
  const isMatch = picomatch(clean)
  const deep = scanned.glob.includes("/") || scanned.glob.includes("**")
  const entries = await readdir(root, { withFileTypes: true, recursive: deep }).catch(() => [])
  const found: Array<BrokenLink> = []
  for (const entry of entries) {
    if (!entry.isSymbolicLink()) continue
    const file = join(entry.parentPath, entry.name)
    const named = isAbsolute(clean) ? file : relative(baseDir, file).split(sep).join("/")
    if (!isMatch(named)) continue
    const broken = await brokenAt(file)
    if (broken !== undefined) found.push(broken)
  }
  return found.sort((a, b) => a.file.localeCompare(b.file))
}
