import { spawnSync } from "node:child_process"
import { chmodSync, readdirSync, statSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { type CliOptions, repoRoot, type Workspace } from "./CliHarness.js"

export const isRoot = process.getuid?.() === 0
export const nobody = { uid: 65534, gid: 65534 }

/**
 * Whether `nobody` can start docsweep from this checkout (as root): not where the clone lies in a folder only its
 * owner may enter, as `mktemp -d` makes them. There the tests of another user's reading cannot run, and are skipped.
 */
export const nobodyCanRun =
  isRoot &&
  spawnSync(process.execPath, [join(repoRoot, "src", "cli", "bin.js"), "--version"], { ...nobody, stdio: "ignore" })
    .status === 0

/** Whether a user who may read the output folder but not write it can be had here (`asReader`). */
export const readerAvailable = !isRoot || nobodyCanRun

/** The output folder's files, each with its owner and size: what a reader must leave as it found it. */
export const folderState = (dir: string) =>
  readdirSync(dir)
    .sort()
    .map((name) => {
      const { size, uid } = statSync(join(dir, name))
      return `${name} ${uid} ${size}`
    })

/** Every file of `dir` whose owner is not root (a writer as root must be able to open them all): none. */
export const notRoots = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => statSync(join(dir, name)).uid !== 0)

/**
 * How a user who may read the output folder but not write it runs docsweep: as root, as `nobody` (who can read the
 * workspace once its temp folder, made 0700, is opened to others); otherwise as this user, with the folder and the
 * checkpoint made read-only for the test. `shared`: the folder itself is writable by everyone (a shared volume).
 */
export const asReader = (ws: Workspace, shared = false) =>
  Effect.gen(function* () {
    if (isRoot) {
      chmodSync(ws.dir, 0o755)
      chmodSync(ws.out, shared ? 0o777 : 0o755)
      return { cwd: ws.dir, user: nobody } satisfies CliOptions
    }
    chmodSync(ws.checkpoint, 0o444)
    chmodSync(ws.out, 0o555)
    yield* Effect.addFinalizer(() => Effect.sync(() => chmodSync(ws.out, 0o755)))
    return { cwd: ws.dir } satisfies CliOptions
  })
