import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Console, Duration, Effect, Option, Redacted } from "effect"
import { docsAddCommand, parseTtl, tokenCommand, usersAddCommand } from "../../src/service/Commands.js"
import { asOrg, contract, tempDir, testService, writeFixture } from "./support.js"

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
      const added = yield* captured(docsAddCommand({ dataDir, org: 3, user: 7, files }))
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
      const ok = yield* captured(docsAddCommand({ dataDir, org: 3, user: 7, files: files.slice(0, 1) }))
      assert.strictEqual(ok.exit._tag, "Success")
      const minted = yield* captured(tokenCommand({ dataDir, user: 7, org: 3, ttl: "2h" }))
      const token = minted.out.trim()
      assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/)
      const service = yield* testService({ dataDir, secret: undefined })
      const client = yield* service.client(Redacted.make(token))
      const documents = yield* client.listDocuments(asOrg(3))
      assert.deepStrictEqual(
        documents.map((document) => document.filename),
        ["msa.txt", "notes.md", "page.html", "msa.txt"]
      )
      const badTtl = yield* captured(tokenCommand({ dataDir, user: 7, org: 3, ttl: "soon" }))
      assert.strictEqual(badTtl.exit._tag, "Failure")
      const badPlan = yield* captured(tokenCommand({ dataDir, user: 7, org: 3, plan: "gold" }))
      assert.strictEqual(badPlan.exit._tag, "Failure")
    }).pipe(Effect.scoped)
  )

  it.live("users add hashes passwords and refuses duplicates and short passwords", () =>
    Effect.gen(function* () {
      const dataDir = yield* tempDir()
      const first = yield* captured(usersAddCommand({ dataDir, email: "a@b.c", password: "long enough", org: 1 }))
      assert.strictEqual(first.exit._tag, "Success")
      assert.include(first.out, '"email":"a@b.c"')
      assert.notInclude(first.out, "long enough")
      const again = yield* captured(usersAddCommand({ dataDir, email: "A@b.c", password: "long enough", org: 1 }))
      assert.strictEqual(again.exit._tag, "Failure")
      const short = yield* captured(usersAddCommand({ dataDir, email: "x@b.c", password: "short", org: 1 }))
      assert.strictEqual(short.exit._tag, "Failure")
    }).pipe(Effect.scoped)
  )

  it("parses token lifetimes", () => {
    assert.deepStrictEqual(parseTtl("24h"), Option.some(Duration.hours(24)))
    assert.deepStrictEqual(parseTtl("90m"), Option.some(Duration.minutes(90)))
    assert.deepStrictEqual(parseTtl("3600"), Option.some(Duration.hours(1)))
    assert.deepStrictEqual(parseTtl("0s"), Option.none())
    assert.deepStrictEqual(parseTtl("soon"), Option.none())
  })
})
