import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Console, Duration, Effect, Layer, Option, Redacted } from "effect"
import { Auth } from "../../src/service/Auth.js"
import { docsAddCommand, givenSecret, tokenCommand, usersAddCommand } from "../../src/service/Commands.js"
import { ServiceSettings } from "../../src/service/ServiceSettings.js"
import { asOrg, asUser, contract, onData, tempDir, testService, writeFixture } from "./support.js"

/** Signs with the secret kept in `dataDir`, as `docsweep token --data DIR` does. */
const signingIn = (dataDir: string) =>
  Effect.provide(Auth.Default.pipe(Layer.provide(ServiceSettings.layer({ dataDir }))))

/** Runs `effect` with a console that keeps what it prints. */
const captured = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const out: Array<string> = []
    const err: Array<string> = []
    const base = yield* Console.consoleWith(Effect.succeed)
    const console: Console.Console = {
      ...base,
      log: (...args) => Effect.sync(() => void out.push(args.join(" "))),
      error: (...args) => Effect.sync(() => void err.push(args.join(" ")))
    }
    const exit = yield* Effect.exit(Effect.withConsole(effect, console))
    return { exit, out: out.join("\n"), err: err.join("\n") }
  })

describe("service commands", () => {
  // A blank DOCSWEEP_JWT_SECRET (or --secret) signed tokens with "  ", a key anyone can guess, where an empty one was
  // taken as unset and the data directory's secret was used.
  it.effect("a blank secret, given or in the environment, counts as none", () =>
    Effect.gen(function* () {
      const fromEnv = (value: string) =>
        givenSecret(undefined).pipe(
          Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["DOCSWEEP_JWT_SECRET", value]])))
        )
      assert.isTrue(Option.isNone(yield* fromEnv("  \n")))
      assert.isTrue(
        Option.isNone(yield* givenSecret(" ").pipe(Effect.withConfigProvider(ConfigProvider.fromMap(new Map()))))
      )
      const kept = yield* fromEnv("s3cret")
      assert.strictEqual(Option.getOrUndefined(kept)?.pipe(Redacted.value), "s3cret")
    })
  )

  it.live("docs add stores every readable file, names the others and fails; token works against serve", () =>
    Effect.gen(function* () {
      const dataDir = yield* tempDir()
      const inputs = yield* tempDir()
      const files = [
        writeFixture(inputs, "msa.txt", contract),
        writeFixture(inputs, "notes.md", "# Notes\n\nRenewal is automatic."),
        writeFixture(inputs, "page.html", "<p>Governed by Dutch law.</p>"),
        writeFixture(inputs, "broken.pdf", "not a pdf"),
        Path.join(inputs, "missing.txt"),
        writeFixture(inputs, "sheet.xlsx", "xx")
      ]
      const added = yield* captured(docsAddCommand({ org: asOrg(3), user: asUser(7), files }).pipe(onData(dataDir)))
      assert.isTrue(added.exit._tag === "Failure")
      const printed = JSON.parse(added.out) as ReadonlyArray<{ id: number; filename: string; pages: number }>
      assert.deepStrictEqual(
        printed.map((document) => [document.filename, document.pages]),
        [
          ["msa.txt", 1],
          ["notes.md", 1],
          ["page.html", 1]
        ]
      )
      for (const name of ["broken.pdf", "missing.txt", "sheet.xlsx"]) assert.include(added.err, name)
      const ok = yield* captured(
        docsAddCommand({ org: asOrg(3), user: asUser(7), files: files.slice(0, 1) }).pipe(onData(dataDir))
      )
      assert.strictEqual(ok.exit._tag, "Success")
      const minted = yield* captured(
        tokenCommand({ user: asUser(7), org: asOrg(3), ttl: Duration.hours(2) }).pipe(signingIn(dataDir))
      )
      const token = minted.out.trim()
      assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/)
      const service = yield* testService({ dataDir, secret: undefined })
      const client = yield* service.client(Redacted.make(token))
      const documents = yield* client.listDocuments(asOrg(3))
      assert.deepStrictEqual(
        documents.map((document) => document.filename),
        ["msa.txt", "notes.md", "page.html", "msa.txt"]
      )
      const badPlan = yield* captured(
        tokenCommand({ user: asUser(7), org: asOrg(3), plan: "gold", ttl: Duration.hours(24) }).pipe(signingIn(dataDir))
      )
      assert.strictEqual(badPlan.exit._tag, "Failure")
    }).pipe(Effect.scoped)
  )

  it.live("users add hashes passwords and refuses duplicates and short passwords", () =>
    Effect.gen(function* () {
      const dataDir = yield* tempDir()
      const first = yield* captured(
        usersAddCommand({ email: "a@b.c", password: "long enough", org: 1 }).pipe(onData(dataDir))
      )
      assert.strictEqual(first.exit._tag, "Success")
      assert.include(first.out, '"email":"a@b.c"')
      assert.notInclude(first.out, "long enough")
      const again = yield* captured(
        usersAddCommand({ email: "A@b.c", password: "long enough", org: 1 }).pipe(onData(dataDir))
      )
      assert.strictEqual(again.exit._tag, "Failure")
      const short = yield* captured(
        usersAddCommand({ email: "x@b.c", password: "short", org: 1 }).pipe(onData(dataDir))
      )
      assert.strictEqual(short.exit._tag, "Failure")
    }).pipe(Effect.scoped)
  )
})
