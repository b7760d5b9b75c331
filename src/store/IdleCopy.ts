import { access, constants, readFile, stat } from "node:fs/promises"
import { dirname } from "node:path"
import BetterSqlite3 from "better-sqlite3"
import { Effect } from "effect"

const mayWrite = (path: string) => Effect.isSuccess(Effect.tryPromise(() => access(path, constants.W_OK)))

const exists = (path: string) => Effect.isSuccess(Effect.tryPromise(() => access(path)))

const fileState = (path: string) =>
  Effect.map(
    Effect.tryPromise({ try: () => stat(path), catch: (cause) => cause }),
    ({ ino, mtimeMs, size }) => `${ino}:${size}:${mtimeMs}`
  )

/**
 * A WAL database with no writer connected, opened as a copy in memory when this user could not make the `-wal` and
 * `-shm` files a reader needs: SQLite creates them even for a read-only connection, which fails in a folder this user
 * cannot write, and in one it can, leaves files of its own that a writer of another user cannot open (its next run
 * fails with SQLITE_READONLY). With no `-wal` file every commit is in the main file, so its bytes are the whole
 * database; read between two looks that find the file unchanged and still alone, they are not torn. None where a
 * plain read-only connection is safe: a writer's `-wal` is there (a reader then creates nothing), or this user may
 * write the file and its folder, or the file changed while it was read.
 */
export const openIdleCopy = (path: string): Effect.Effect<BetterSqlite3.Database | undefined, unknown> =>
  Effect.gen(function* () {
    const wal = `${path}-wal`
    if ((yield* exists(wal)) || ((yield* mayWrite(path)) && (yield* mayWrite(dirname(path))))) return undefined
    const before = yield* fileState(path)
    const bytes = yield* Effect.tryPromise({ try: () => readFile(path), catch: (cause) => cause })
    if ((yield* exists(wal)) || (yield* fileState(path)) !== before) return undefined
    // Header bytes 18 and 19 say "WAL" (2); an in-memory database cannot be one, so the copy says "rollback" (1).
    if (bytes[18] === 2 && bytes[19] === 2) bytes.fill(1, 18, 20)
    return yield* Effect.try({ try: () => new BetterSqlite3(bytes, { readonly: true }), catch: (cause) => cause })
  })
