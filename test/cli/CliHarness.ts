import { spawn, spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Deferred, type Duration, Effect, Schedule, type Scope } from "effect"

/** The repository root: the CLI is started as `<root>/src/cli/bin.js`, exactly as users run it. */
export const repoRoot = fileURLToPath(new URL("../../", import.meta.url))
const bin = join(repoRoot, "src/cli/bin.js")

export interface CliResult {
  /** Exit status; `null` when a signal ended the process. */
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

export interface CliOptions {
  /** Working directory of the child (default: the repository root). */
  readonly cwd?: string
  /** Added to a cleaned copy of this process's environment (no DOCSWEEP_*, no FORCE_TTY). */
  readonly env?: Readonly<Record<string, string>>
  /** The child fails the test after this long (default 45 s); it is killed either way. */
  readonly timeout?: Duration.DurationInput
  /** Runs `bin.js ARGS` inside `script`, so the CLI sees a pseudo-terminal on stdin, stdout and stderr. */
  readonly pty?: boolean
  /** Closes the reading end of its stdout and stderr at once, as `| head` does once it has its lines. */
  readonly closeOutput?: boolean
  /** Runs the child as this user (only root may): how another user, who may only read the files, sees them. */
  readonly user?: { readonly uid: number; readonly gid: number }
}

/** A running CLI child. It belongs to the scope: closing the scope kills its whole process group. */
export interface CliProcess {
  readonly pid: number
  /** What it has printed so far. */
  readonly output: () => { readonly stdout: string; readonly stderr: string }
  /** Waits until stdout or stderr matches `pattern` (fails when the process exits first). */
  readonly waitFor: (pattern: RegExp) => Effect.Effect<RegExpExecArray, Error>
  /** Waits for the exit. */
  readonly exit: Effect.Effect<CliResult>
  readonly kill: (signal: NodeJS.Signals) => Effect.Effect<void>
}

const childEnv = (extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith("DOCSWEEP_") || key === "FORCE_TTY" || key === "NODE_OPTIONS") continue
    env[key] = value
  }
  return { ...env, NO_COLOR: "1", ...extra }
}

/** util-linux `script` gives a child a pseudo-terminal (`CliOptions.pty`). */
export const hasScript = spawnSync("script", ["-V"], { stdio: "ignore" }).status === 0

const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`

/** Starts `docsweep ARGS` as a child process that the scope kills (SIGKILL to its group) if it still runs. */
export const startCli = (
  args: ReadonlyArray<string>,
  options: CliOptions = {}
): Effect.Effect<CliProcess, never, Scope.Scope> =>
  Effect.gen(function* () {
    const exited = yield* Deferred.make<CliResult>()
    const stdout: Array<string> = []
    const stderr: Array<string> = []
    const output = () => ({ stdout: stdout.join(""), stderr: stderr.join("") })
    const listeners = new Set<() => void>()
    const changed = () => {
      for (const listener of listeners) listener()
    }
    let closed = false
    // The bin itself, so its `#!` line (and the Node flag on it) applies as when users run `npx docsweep`.
    const command = options.pty === true ? "script" : bin
    const argv = options.pty === true ? ["-q", "-e", "-c", [bin, ...args].map(quote).join(" "), "/dev/null"] : args
    // Spawned and wired in one step, so no output and no exit can be missed.
    const spawned = Effect.sync(() => {
      const child = spawn(command, argv, {
        cwd: options.cwd ?? repoRoot,
        env: childEnv(options.env ?? {}),
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
        ...options.user
      })
      if (options.closeOutput === true) {
        child.stdout.destroy()
        child.stderr.destroy()
      }
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout.push(chunk)
        changed()
      })
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr.push(chunk)
        changed()
      })
      child.on("close", (code, signal) => {
        closed = true
        Deferred.unsafeDone(exited, Effect.succeed({ code, signal, ...output() }))
        changed()
      })
      child.on("error", (error) => {
        closed = true
        stderr.push(String(error))
        Deferred.unsafeDone(exited, Effect.succeed({ code: null, signal: null, ...output() }))
        changed()
      })
      return child
    })
    const child = yield* Effect.acquireRelease(spawned, (child) =>
      closed
        ? Effect.void
        : Effect.sync(() => {
            try {
              if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL")
            } catch {
              child.kill("SIGKILL")
            }
          }).pipe(Effect.zipRight(Deferred.await(exited).pipe(Effect.timeout("5 seconds"), Effect.ignore)))
    )
    const waitFor = (pattern: RegExp) =>
      Effect.async<RegExpExecArray, Error>((resume) => {
        const check = () => {
          const { stderr: err, stdout: out } = output()
          const match = pattern.exec(out) ?? pattern.exec(err)
          if (match !== null || closed) {
            listeners.delete(check)
            resume(
              match === null
                ? Effect.fail(new Error(`exited before printing ${pattern}:\n${out}\n${err}`))
                : Effect.succeed(match)
            )
          }
        }
        listeners.add(check)
        check()
        return Effect.sync(() => listeners.delete(check))
      })
    return {
      pid: child.pid ?? -1,
      output,
      waitFor,
      exit: Deferred.await(exited),
      kill: (signal) => Effect.sync(() => void child.kill(signal))
    } satisfies CliProcess
  })

/** Runs `docsweep ARGS` to its end; fails (and kills it) when it takes longer than the timeout. */
export const runCli = (args: ReadonlyArray<string>, options: CliOptions = {}): Effect.Effect<CliResult, Error> =>
  Effect.scoped(
    Effect.flatMap(startCli(args, options), (child) =>
      child.exit.pipe(
        Effect.timeoutFail({
          duration: options.timeout ?? "45 seconds",
          onTimeout: () => new Error(`docsweep ${args.join(" ")} did not end:\n${child.output().stderr}`)
        })
      )
    )
  )

/** Both streams, for messages and for scans. */
export const allOutput = (result: CliResult) => `${result.stdout}\n${result.stderr}`

/** A fresh directory under the system temp dir, removed with the scope. */
export const tempDir = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "docsweep-cli-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
)

export interface Workspace {
  readonly dir: string
  readonly pipeline: string
  /** `<dir>/out`, not yet made: the `--output` folder of the commands these tests run on the pipeline. */
  readonly out: string
  /** `<out>/state.sqlite`: the checkpoint of runs into `out`. */
  readonly checkpoint: string
  /** `<dir>/summary.json`, for `--summary-json`. */
  readonly summaryFile: string
  /** File names of the documents, sorted. */
  readonly documents: ReadonlyArray<string>
}

/** The two columns every test pipeline asks; 12 documents make 24 pairs. */
export const columnNames = ["Law", "Notice"] as const

/**
 * A temp dir holding `count` small text documents under docs/ and `pipeline.yaml` over them (`files: docs/*.txt`,
 * fast polling). `run` is extra YAML under `run:`; `output.dir` is left to the default or `--output`.
 */
export const makeWorkspace = (options: { readonly name: string; readonly count?: number; readonly run?: string }) =>
  Effect.gen(function* () {
    const dir = yield* tempDir
    mkdirSync(join(dir, "docs"))
    const documents = Array.from({ length: options.count ?? 12 }, (_, i) => {
      const n = String(i + 1).padStart(2, "0")
      const name = `doc-${n}.txt`
      writeFileSync(
        join(dir, "docs", name),
        `Agreement ${n} between Alpha ${n} Ltd and Beta ${n} GmbH.\n` +
          `This agreement is governed by the laws of State ${n}.\n` +
          `Either party may terminate it with ${Number(n) * 10} days written notice.\n`
      )
      return name
    })
    const pipeline = join(dir, "pipeline.yaml")
    writeFileSync(
      pipeline,
      [
        `name: ${options.name}`,
        "documents:",
        "  - files: docs/*.txt",
        "columns:",
        "  - name: Law",
        "    query: Which law governs the agreement?",
        "  - name: Notice",
        "    query: What notice period applies to termination?",
        "run:",
        "  concurrency: 8",
        "  poll: { interval: 50ms, max_interval: 200ms }",
        ...(options.run === undefined ? [] : [`  ${options.run}`]),
        ""
      ].join("\n")
    )
    const out = join(dir, "out")
    const checkpoint = join(out, "state.sqlite")
    return { dir, pipeline, out, checkpoint, summaryFile: join(dir, "summary.json"), documents } satisfies Workspace
  })

/** `run PIPELINE --output OUT` on the embedded service's latency engine (each answer `latencyMs`), then `extra`. */
export const latencyRun = (ws: Workspace, latencyMs: number, ...extra: ReadonlyArray<string>) => [
  "run",
  ws.pipeline,
  "--output",
  ws.out,
  "--engine",
  "latency",
  "--latency-ms",
  String(latencyMs),
  ...extra
]

/** Every file under `dir`, relative, sorted. */
export const listFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => statSync(join(dir, path)).isFile())
    .sort()

/** A port nothing listens on: bound once, then closed. */
export const closedPort = Effect.async<number>((resume) => {
  const server = createServer()
  server.listen(0, "127.0.0.1", () => {
    const address = server.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    server.close(() => resume(Effect.succeed(port)))
  })
})

/** Polls `condition` every 50 ms until it holds; fails after `timeout`. */
export const waitUntil = (what: string, condition: () => boolean, timeout: Duration.DurationInput = "30 seconds") =>
  Effect.suspend(() => (condition() ? Effect.void : Effect.fail("not yet" as const))).pipe(
    Effect.retry({ schedule: Schedule.spaced("50 millis") }),
    Effect.timeoutFail({ duration: timeout, onTimeout: () => new Error(`timed out waiting for ${what}`) })
  )

/** `run --shard I/3` for I = 1..3 next to an unsharded run of the same pipeline into `<dir>/whole`. */
export const runShardsAndWhole = (ws: Workspace, flags: ReadonlyArray<string>) =>
  Effect.all(
    [
      ...[1, 2, 3].map((index) =>
        runCli(["run", ws.pipeline, "--output", join(ws.dir, "sharded"), "--shard", `${index}/3`, ...flags], {
          cwd: ws.dir
        })
      ),
      runCli(["run", ws.pipeline, "--output", join(ws.dir, "whole"), ...flags], { cwd: ws.dir })
    ],
    { concurrency: 4 }
  )

/** The shard output dirs `runShardsAndWhole` wrote. */
export const shardDirs = (ws: Workspace) => [1, 2, 3].map((index) => join(ws.dir, "sharded", `shard-${index}-of-3`))
