import { lstatSync, mkdirSync, statSync } from "node:fs"
import { dirname, resolve } from "node:path"

const isPresent = (path: string) => lstatSync(path, { throwIfNoEntry: false }) !== undefined
const isDirectory = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true

/**
 * `mkdir -p`, one folder at a time; throws what the file system says (ENOENT, ENOTDIR, EEXIST, EACCES). Not Node's
 * `mkdirSync(dir, { recursive: true })`: where a folder exists but answers ENOENT for a child, as /proc does, that
 * retries forever (100 % CPU, the event loop frozen, so not even SIGTERM ends the process). A folder another
 * process creates at the same moment (shards sharing a parent) is fine.
 */
export const makeDirectory = (dir: string): void => {
  const target = resolve(dir)
  const missing: Array<string> = []
  for (let at = target; !isPresent(at) && dirname(at) !== at; at = dirname(at)) missing.unshift(at)
  for (const path of missing) {
    try {
      mkdirSync(path)
    } catch (cause) {
      if (!isDirectory(path)) throw cause
    }
  }
  // Present but not a folder (a file, a dangling link): the file system's own error for it.
  if (!isDirectory(target)) mkdirSync(target)
}
