import { join } from "node:path"
import { assert } from "@effect/vitest"
import { Effect } from "effect"
import { allOutput, runCli, startCli, tempDir } from "./CliHarness.js"

export interface ServeOptions {
  /** The service's data folder; default: `data` in a fresh temp folder, removed with the scope. */
  readonly data?: string
  /** `serve` flags beyond the port and the data folder. */
  readonly flags?: ReadonlyArray<string>
  /** Environment of the child (the secret, TMPDIR). */
  readonly env?: Readonly<Record<string, string>>
}

/** `docsweep serve --port 0` as a child process of the scope, once it listens: the process, its URL and port. */
export const startServe = (options: ServeOptions = {}) =>
  Effect.gen(function* () {
    const data = options.data ?? join(yield* tempDir, "data")
    const serve = yield* startCli(["serve", "--port", "0", "--data", data, ...(options.flags ?? [])], {
      env: options.env ?? {}
    })
    const [, baseUrl = "", port = ""] = yield* serve
      .waitFor(/listening on (http:\/\/127\.0\.0\.1:(\d+))/)
      .pipe(Effect.timeout("30 seconds"))
    return { serve, data, baseUrl, port: Number(port) }
  })

/** A token (a JWT) `docsweep token` mints for user `user` of workspace `org`, signed for the data folder `data`. */
export const mintToken = (
  data: string,
  access: { readonly user: number; readonly org: number },
  options: { readonly flags?: ReadonlyArray<string>; readonly env?: Readonly<Record<string, string>> } = {}
) =>
  Effect.gen(function* () {
    const args = ["token", "--user", String(access.user), "--org", String(access.org), "--data", data]
    const minted = yield* runCli([...args, ...(options.flags ?? [])], { env: options.env ?? {} })
    assert.strictEqual(minted.code, 0, allOutput(minted))
    const token = minted.stdout.trim()
    assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/, allOutput(minted))
    return token
  })
