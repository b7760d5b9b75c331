import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:net"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { jsonLines } from "./CliChecks.js"
import { allOutput, type CliResult, runCli, tempDir } from "./CliHarness.js"
import { startServe } from "./ServeChild.js"

const example = "pipelines/example.yaml"

/** A socket held on `[::1]` (IPv6 loopback) for the scope; none where the machine has no IPv6. */
/** A port held on `host` for the test's scope; undefined where the host has no such address. */
const heldOn = (host: string) =>
  Effect.acquireRelease(
    Effect.async<Server | undefined>((resume) => {
      const server = createServer()
      server.once("error", () => resume(Effect.succeed(undefined)))
      server.listen(0, host, () => resume(Effect.succeed(server)))
    }),
    (server) => Effect.sync(() => server?.close())
  )
const heldOnIpv6 = heldOn("::1")

/** The port a held server listens on. */
const portOf = (server: Server | undefined) => {
  const address = server?.address()
  return address === undefined || address === null || typeof address === "string" ? undefined : address.port
}

/** Exit 2 with the problem (and the value) in one or two lines, then where the help is; nothing on stdout. */
const assertUsage = (result: CliResult, problem: RegExp, help: string) => {
  assert.strictEqual(result.code, 2, allOutput(result))
  assert.strictEqual(result.stdout, "")
  const lines = result.stderr.trimEnd().split("\n")
  assert.isAtMost(lines.length, 3, result.stderr)
  // Every usage error names the command it belongs to, as yargs' own do ('docsweep run: …').
  assert.isTrue(lines[0]?.startsWith(`${help.replace(/ --help$/, "")}: `), result.stderr)
  assert.match(lines.slice(0, -1).join("\n"), problem)
  assert.strictEqual(lines.at(-1), `Run \`${help}\` for usage.`)
}

describe.concurrent("one behaviour for every command", () => {
  it.scopedLive("usage errors exit 2 with the problem, the value typed and where the help is", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      writeFileSync(join(dir, "a-file"), "")
      const cases: ReadonlyArray<readonly [ReadonlyArray<string>, RegExp, string]> = [
        [["run", example, "--concurency", "3"], /unknown option --concurency \(did you mean --concurrency\?\)/, "run"],
        [["run", example, "--log-format", "xml"], /--log-format takes text or json; got "xml"/, "run"],
        [["run"], /^docsweep run: missing FILE argument$/, "run"],
        [["rn", example], /unknown command "rn" \(did you mean run\?\)/, ""],
        [[], /^docsweep: no command given$/, ""],
        [["run", example, "--max-cells", "abc"], /--max-cells takes a whole number, 0 or more; got "abc"/, "run"],
        [["run", example, "--concurrency", "abc"], /--concurrency: .*got "abc"/, "run"],
        [["token", "--user", "1.5", "--org", "1"], /--user takes a whole number, 0 or more; got "1.5"/, "token"],
        [["docs", "add", "--org", "1", "--user", "1"], /^docsweep docs add: missing FILE argument$/, "docs add"],
        [["view"], /^docsweep view: missing FILE argument$/, "view"],
        // An unknown engine is the same usage error for the run's embedded service and for serve.
        [["run", example, "--engine", "bogus"], /unknown --engine "bogus"; expected one of extractive/, "run"],
        [
          ["serve", "--engine", "bogus", "--port", "0"],
          /unknown --engine "bogus"; expected one of extractive/,
          "serve"
        ],
        [["view", example, "--port", "abc"], /--port takes a whole number, 0 or more; got "abc"/, "view"],
        // A cron line's unset variable: the cap was dropped silently (no value), or read as 0 (`--port=`: any port).
        [
          ["run", example, "--max-cells", "--dry-run"],
          /--max-cells takes a whole number, 0 or more; got nothing/,
          "run"
        ],
        [["view", example, "--port="], /--port takes a whole number, 0 or more; got ""/, "view"],
        // Together they ran nothing and wrote an empty report set as the latest, exit 0; --dry-run promised every pair.
        [["run", example, "--fresh", "--only-failed", "--dry-run"], /--fresh and --only-failed contradict/, "run"],
        // --quiet won silently.
        [["validate", example, "--quiet", "--verbose"], /--quiet and --verbose contradict each other/, "validate"],
        [["view", example, "--port", "70000"], /--port takes a port number up to 65535; got "70000"/, "view"],
        [
          ["run", example, "--summary-json", join(dir, "nowhere", "s.json"), "--output", join(dir, "out")],
          /--summary-json .*nowhere.*: cannot write there: its folder .* does not exist/,
          "run"
        ],
        [
          // It was found once the checkpoint had been created (an empty one, in a new output folder).
          ["run", example, "--base-url", "http://127.0.0.1:9", "--org-id", "3", "--output", join(dir, "out")],
          /no user id \(user_id, DOCSWEEP_USER_ID, --user-id\): the service needs it/,
          "run"
        ],
        [
          // Under a file: it was found only once the run had done its work, which then ended with exit 2.
          ["run", example, "--summary-json", join(dir, "a-file", "s.json"), "--output", join(dir, "out")],
          /--summary-json .*a-file\/s\.json: cannot write there: .*a-file is not a folder/,
          "run"
        ]
      ]
      const results = yield* Effect.forEach(cases, ([args]) => runCli(args, { cwd: process.cwd() }), {
        concurrency: 4
      })
      results.forEach((result, index) => {
        const [, problem, command] = cases[index] ?? [[], /$^/, ""]
        assertUsage(result, problem, command === "" ? "docsweep --help" : `docsweep ${command} --help`)
      })
      assert.isFalse(existsSync(join(dir, "out")), "refused before the run starts: nothing written")
      // An output folder that cannot be created: one line naming it.
      const unwritable = yield* runCli(["run", example, "--output", join(dir, "a-file", "out")])
      assert.strictEqual(unwritable.code, 2, allOutput(unwritable))
      assert.match(
        unwritable.stderr,
        /^cannot write .*a-file\/out: the output folder cannot be created \(ENOTDIR[^\n]*\)\n$/
      )
    })
  )

  // procfs answers ENOENT for a child of a folder that exists; Node's `mkdir -p` spins on that forever (100 % CPU,
  // the event loop frozen, SIGTERM unheard). Linux only: elsewhere there is no /proc to try.
  it.scopedLive.skipIf(!existsSync("/proc/self"))("a folder that cannot hold folders is refused, not spun on", () =>
    Effect.gen(function* () {
      const [run, token] = yield* Effect.all(
        [
          runCli(["run", example, "--output", "/proc/docsweep-nowhere/out"], { timeout: "20 seconds" }),
          runCli(["token", "--user", "1", "--org", "1", "--data", "/proc/docsweep-nowhere"], { timeout: "20 seconds" })
        ],
        { concurrency: 2 }
      )
      assert.strictEqual(run.code, 2, allOutput(run))
      assert.match(
        run.stderr,
        /^cannot write \/proc\/docsweep-nowhere\/out: the output folder cannot be created \(ENOENT/
      )
      // A data directory it cannot use is the user's to fix (README, exit codes), as for serve.
      assert.strictEqual(token.code, 2, allOutput(token))
      assert.include(token.stderr, "/proc/docsweep-nowhere")
    })
  )

  it.scopedLive("--log-format json: usage, validation and not-found messages are one JSON object per line", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      writeFileSync(join(dir, "broken.yaml"), "name: broken\ndocuments: []\ncolumns:\n  - name: a\n  - name: A\n")
      const [usage, invalid, missing] = yield* Effect.all(
        [
          runCli(["--log-format", "json", "rn"], { cwd: dir }),
          runCli(["validate", "broken.yaml", "--log-format", "json"], { cwd: dir }),
          runCli(["status", join(process.cwd(), example), "--output", join(dir, "none"), "--log-format=json"], {
            cwd: dir
          })
        ],
        { concurrency: 3 }
      )
      for (const result of [usage, invalid, missing]) {
        assert.strictEqual(result.code, 2, allOutput(result))
        assert.strictEqual(result.stdout, "")
        for (const record of jsonLines(result.stderr)) {
          assert.strictEqual(record.level, "error")
          assert.strictEqual(record.exitCode, 2)
        }
      }
      assert.deepStrictEqual(jsonLines(usage.stderr)[0]?.help, "docsweep --help")
      const problems = jsonLines(invalid.stderr)
      assert.isAtLeast(problems.length, 3, invalid.stderr)
      assert.isTrue(problems.every((record) => typeof record.line === "number" && record.file === "broken.yaml"))
      assert.match(jsonLines(missing.stderr)[0]?.message as string, /^docsweep status: no checkpoint at /)
    })
  )

  // It was read without end, growing by gigabytes a minute, with no word.
  it.live("validate of a file that never ends (/dev/zero) exits 2 at once, naming the file and the limit", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["validate", "/dev/zero"], { timeout: "20 seconds" })
      assert.strictEqual(result.code, 2, allOutput(result))
      assert.match(result.stderr, /^\/dev\/zero:1:1: the file is larger than 4 MiB, far more than a pipeline holds/)
    })
  )

  it.scopedLive("serve names an IPv6 host it cannot listen on as a URL does, in brackets", () =>
    Effect.gen(function* () {
      const held = yield* heldOnIpv6
      const address = held?.address()
      if (address === undefined || address === null || typeof address === "string") return
      const data = join(yield* tempDir, "data")
      const taken = yield* runCli(["serve", "--host", "::1", "--port", String(address.port), "--data", data])
      assert.notStrictEqual(taken.code, 0, allOutput(taken))
      assert.include(taken.stderr, `cannot listen on [::1]:${address.port}: `)
    })
  )

  it.scopedLive(
    "serve, token and docs add with a --data they cannot use, or serve on a port in use, exit 2 naming it",
    () =>
      Effect.gen(function* () {
        const dir = yield* tempDir
        const notAFolder = join(dir, "a-file")
        writeFileSync(notAFolder, "")
        const data = join(notAFolder, "data")
        // A damaged service database: serve refused it with exit 2, docs add with exit 1 ("internal error").
        const damaged = join(dir, "damaged")
        mkdirSync(damaged)
        writeFileSync(join(damaged, "service.sqlite"), "not a database, but long enough to have a header ".repeat(40))
        const port = portOf(yield* heldOn("127.0.0.1"))
        assert.isDefined(port)
        const [served, token, taken, added] = yield* Effect.all(
          [
            runCli(["serve", "--port", "0", "--data", data]),
            runCli(["token", "--user", "1", "--org", "1", "--data", data]),
            runCli(["serve", "--port", String(port), "--data", join(dir, "data")]),
            runCli(["docs", "add", notAFolder, "--org", "1", "--user", "1", "--data", damaged])
          ],
          { concurrency: 4 }
        )
        for (const result of [served, token]) {
          assert.strictEqual(result.code, 2, allOutput(result))
          assert.include(result.stderr, notAFolder)
        }
        assert.strictEqual(taken.code, 2, allOutput(taken))
        assert.include(taken.stderr, `cannot listen on 127.0.0.1:${port}: `)
        assert.strictEqual(added.code, 2, allOutput(added))
        assert.include(added.stderr, `${join(damaged, "service.sqlite")} is damaged`)
      })
  )

  it.scopedLive("serve stopped with SIGINT says it stopped, nothing about a checkpoint", () =>
    Effect.gen(function* () {
      const { serve } = yield* startServe()
      yield* serve.kill("SIGINT")
      const stopped = yield* serve.exit.pipe(Effect.timeout("20 seconds"))
      assert.strictEqual(stopped.code, 130, allOutput(stopped))
      assert.include(stopped.stderr, "serve stopped")
      assert.notInclude(allOutput(stopped), "checkpoint")
    })
  )
})
