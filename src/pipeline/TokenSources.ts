import { resolve } from "node:path"
import { Effect, Either, Redacted } from "effect"
import { FileTooLarge, readAtMost } from "./BoundedRead.js"
import { describeCause } from "./FileSets.js"

/**
 * Why a token cannot go into an `Authorization` header, without showing it: a second line, a control character or a
 * letter beyond ASCII (a byte that is not UTF-8 reads as U+FFFD) makes Node throw when the request is built.
 */
const unsendable = (token: string): string | undefined => {
  const characters = [...token]
  const index = characters.findIndex((c) => c < " " || c > "~")
  if (index < 0) return undefined
  const what = /[\n\r]/.test(characters[index] ?? "") ? "a line break" : "a character an HTTP header cannot carry"
  return `the token has ${what} (character ${index + 1} of ${characters.length}); it must be one line of printable ASCII`
}

/** The token of DOCSWEEP_TOKEN, refused (naming `label`) when a header cannot carry it. */
export const checkToken = (
  label: string,
  token: Redacted.Redacted<string> | undefined
): Either.Either<Redacted.Redacted<string> | undefined, string> => {
  const reason = token === undefined ? undefined : unsendable(Redacted.value(token))
  return reason === undefined ? Either.right(token) : Either.left(`${label}: ${reason}`)
}

/** Most bytes a token file may hold: a token is a few hundred; `/dev/zero` or a wrong file is refused, not read. */
const tokenFileLimit = 64 * 1024

const readTokenText = (cwd: string, file: string) =>
  readAtMost(resolve(cwd, file), tokenFileLimit).pipe(
    Effect.mapError((cause) =>
      cause instanceof FileTooLarge
        ? `is larger than ${tokenFileLimit / 1024} KiB, far more than a token; it was not read (is it the right file?)`
        : describeCause(cause)
    ),
    // trim() also drops a byte-order mark an editor may have written first.
    Effect.map((bytes) => bytes.toString("utf8").trim()),
    Effect.filterOrFail(
      (token) => token !== "",
      () => "is empty"
    ),
    Effect.flatMap((token) => {
      const reason = unsendable(token)
      return reason === undefined ? Effect.succeed(token) : Effect.fail(reason)
    }),
    Effect.map(Redacted.make),
    Effect.mapError((reason) => `--token-file: cannot use ${file}: ${reason}`)
  )

/** The token in `--token-file`, or why that file cannot be used (naming the flag and the file). */
export const readTokenFile = (cwd: string, file: string) =>
  // An empty name would resolve to the working directory itself ("is a directory").
  (file.trim() === ""
    ? Effect.fail(`--token-file: expected a file name, got ${JSON.stringify(file)}`)
    : readTokenText(cwd, file)
  ).pipe(Effect.either)
