/**
 * File-system and SQLite error codes that mean a path the user gave cannot be used there (a permission, a read-only
 * mount, a file where a folder should be): problems to fix, not faults of docsweep's. One list for the checkpoint's
 * and the service's errors.
 */

/** The file or its folder cannot be opened or written by this user, here. */
export const permissionCodes: ReadonlySet<string> = new Set([
  "EACCES",
  "EPERM",
  "EROFS",
  // SQLite's own, for the database file: a folder in its place, no permission, a read-only file or mount.
  "SQLITE_CANTOPEN",
  "SQLITE_PERM",
  "SQLITE_READONLY"
])

/** Any path that cannot be used as given: the permission problems, and a path that is wrong or full. */
export const pathCodes: ReadonlySet<string> = new Set([
  ...permissionCodes,
  "EDQUOT",
  "EEXIST",
  "EISDIR",
  "ELOOP",
  "ENAMETOOLONG",
  "ENOENT",
  "ENOSPC",
  "ENOTDIR"
])

/** An error's own `code` (Node's `ENOENT`, SQLite's `SQLITE_READONLY_DBMOVED`), if it has one. */
export const errorCode = (error: unknown): string | undefined => {
  const code = typeof error === "object" && error !== null ? Reflect.get(error, "code") : undefined
  return typeof code === "string" ? code : undefined
}

/** A SQLite extended code (`SQLITE_READONLY_DBMOVED`) as its primary code; other codes as they are. */
const primaryCode = (code: string) => code.replace(/^(SQLITE_[A-Z]+)_\w+$/, "$1")

/** The first code among `codes` that `error`, or an error it was caused by, carries. */
export const codeAmong = (error: unknown, codes: ReadonlySet<string>): string | undefined => {
  for (let at = error, depth = 0; at !== null && typeof at === "object" && depth < 5; depth++) {
    const code = errorCode(at)
    if (code !== undefined && codes.has(primaryCode(code))) return code
    at = Reflect.get(at, "cause")
  }
  return undefined
}
