/**
 * The flow-control benchmark: docsweep against `docsweep serve --engine latency` on several service profiles, each
 * with the pipeline's default settings unless the profile names one, beside the naive client of the service's
 * guide (NaiveClient.ts: one run request with every pair, a poll every 2 s) on the same service in the same bench
 * run. Per profile: makespans, docsweep ÷ naive and ÷ ideal, queue wait p50/p95 and peak pending from the service's
 * own statistics (`/debug/queue-stats`), requests and response KB per cell, and the runner's peak RSS.
 * `npx tsx test/runner/benchRunner.ts [profile...]` prints the figures as JSON. For digging into a figure:
 * BENCH_LOG=FILE keeps the runner's log (with DOCSWEEP_TEST_LOG=debug, every submit and poll), BENCH_KEEP=1 keeps
 * the service's data, BENCH_SERVE_FLAGS and BENCH_RUNNER_FLAGS add node flags to the service and to the
 * instrumented runner (e.g. `--cpu-prof --cpu-prof-dir=DIR`).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import Database from "better-sqlite3"
import type { QueueStats } from "../../src/api/Api.js"
import { naiveClient } from "./NaiveClient.js"

/** One service profile and what docsweep is asked to do on it. */
export interface FlowProfile {
  readonly name: string
  readonly documents: number
  readonly columns: number
  readonly workers: number
  /** Median answer time. */
  readonly latencyMs: number
  readonly distribution?: "fixed" | "exponential" | "lognormal"
  /** The lognormal's σ (`serve --latency-spread`, default 0.5). */
  readonly spread?: number
  readonly maxPending?: number
  /** `run:` settings the profile names; none: the defaults every user starts with. */
  readonly run?: Readonly<Record<string, string | number>>
  /** Run the naive client on the same service first. */
  readonly naive: boolean
  /**
   * "child": an instrumented runner process counting every HTTP request and response byte. "cli": `docsweep run`
   * itself, exactly as users start it (its reports included); requests and bytes are not counted there.
   */
  readonly via: "child" | "cli"
}

export interface FlowFigures {
  readonly profile: string
  readonly cells: number
  readonly answered: number
  readonly failed: number
  readonly seconds: number
  readonly naiveSeconds: number | undefined
  readonly naiveRefused: string | undefined
  /** The work spread over every worker at the profile's nominal answer time (its distribution's mean). */
  readonly idealSeconds: number
  /** The same at the answer times the service really took (its own overhead included). */
  readonly measuredIdealSeconds: number
  readonly vsNaive: number | undefined
  readonly vsIdeal: number
  readonly queueWaitP50: number
  readonly queueWaitP95: number
  readonly peakPending: number
  readonly naivePeakPending: number | undefined
  readonly requestsPerCell: number
  /** Replies answered 429 (refused run requests and polls). */
  readonly throttled: number
  readonly responseKbPerCell: number
  readonly cellsPerSecond: number
  readonly peakRssMb: number
  readonly outcome: string
}

const root = fileURLToPath(new URL("../../", import.meta.url))
const serviceMain = join(root, "src/cli/serviceMain.ts")
const benchChild = fileURLToPath(new URL("./support/benchChild.ts", import.meta.url))
const run = promisify(execFile)
const tsx = (script: string, args: ReadonlyArray<string>) =>
  run(process.execPath, ["--import", "tsx", script, ...args], { cwd: root, maxBuffer: 256 * 1024 * 1024 })

const orgId = 7
const userId = 3

const startServe = (args: ReadonlyArray<string>) =>
  new Promise<{ readonly child: ChildProcess; readonly baseUrl: string }>((resolve, reject) => {
    const flags = process.env.BENCH_SERVE_FLAGS?.split(" ").filter((f) => f !== "") ?? []
    const child = spawn(process.execPath, [...flags, "--import", "tsx", serviceMain, "serve", ...args], {
      cwd: root,
      stdio: ["ignore", "pipe", "ignore"]
    })
    let out = ""
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening on (\S+)/.exec(out)
      if (match?.[1] !== undefined) resolve({ child, baseUrl: match[1] })
    })
    child.on("exit", (code) => reject(new Error(`serve exited with ${code}`)))
  })

interface RunFigures {
  readonly seconds: number
  readonly requests: number
  readonly bytes: number
  /** Replies answered 429. */
  readonly throttled: number
  readonly cells: number
  readonly failed: number
  readonly maxRssMb: number
  readonly outcome: string
}

const runChild = async (pipeline: string, env: NodeJS.ProcessEnv): Promise<RunFigures> => {
  const flags = process.env.BENCH_RUNNER_FLAGS?.split(" ").filter((f) => f !== "") ?? []
  const child = await run(process.execPath, [...flags, "--import", "tsx", benchChild, pipeline], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
    env
  })
  if (process.env.BENCH_LOG !== undefined) writeFileSync(process.env.BENCH_LOG, child.stderr)
  return JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as RunFigures
}

/** Peak RSS so far of a live process, in MB (Linux: VmHWM); undefined once it has gone or elsewhere. */
const peakRssOf = (pid: number): number | undefined => {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
    return match?.[1] === undefined ? undefined : Number(match[1]) / 1024
  } catch {
    return undefined
  }
}

/** `docsweep run PIPELINE` as users start it; its peak RSS is sampled every 50 ms from /proc. */
const runCli = (pipeline: string, stateFile: string, env: NodeJS.ProcessEnv): Promise<RunFigures> =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    // The bin itself, so its `#!` line (Node flags included) applies as when users run `npx docsweep`.
    const child = spawn(join(root, "src/cli/bin.js"), ["run", pipeline, "--quiet"], {
      cwd: root,
      env,
      stdio: ["ignore", "ignore", "pipe"]
    })
    let stderr = ""
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    let peak = 0
    const sampler = setInterval(() => {
      peak = Math.max(peak, peakRssOf(child.pid ?? -1) ?? 0)
    }, 50)
    child.on("error", reject)
    child.on("exit", (code) => {
      clearInterval(sampler)
      const seconds = (performance.now() - started) / 1000
      if (process.env.BENCH_LOG !== undefined) writeFileSync(process.env.BENCH_LOG, stderr)
      const checkpoint = new Database(stateFile, { readonly: true })
      const count = (state: string) =>
        checkpoint.prepare<[string], { n: number }>("SELECT count(*) AS n FROM cells WHERE state = ?").get(state)?.n ??
        0
      const [answered, failed] = [count("success"), count("failed")]
      checkpoint.close()
      resolve({
        seconds,
        requests: Number.NaN,
        bytes: Number.NaN,
        throttled: Number.NaN,
        cells: answered,
        failed,
        maxRssMb: peak,
        outcome: code === 0 ? "completed" : `exit ${code}: ${stderr.trim().split("\n").at(-1) ?? ""}`
      })
    })
  })

const queueStats = async (baseUrl: string, token: string, sinceMs: number): Promise<QueueStats> => {
  const response = await fetch(`${baseUrl}/debug/queue-stats?since_ms=${sinceMs}`, {
    headers: { authorization: `Bearer ${token}` }
  })
  return (await response.json()) as QueueStats
}

/** `serve --latency-spread` default: the lognormal's σ. */
const defaultSpread = 0.5

const queries = (columns: number) => Array.from({ length: columns }, (_, i) => `Question ${i + 1}?`)

export async function benchProfile(profile: FlowProfile): Promise<FlowFigures> {
  const dir = mkdtempSync(join(tmpdir(), "docsweep-bench-flow-"))
  const data = join(dir, "service")
  const files = join(dir, "files")
  mkdirSync(files, { recursive: true })
  const paths = Array.from({ length: profile.documents }, (_, i) => {
    const path = join(files, `d${i + 1}.txt`)
    writeFileSync(path, `Document ${i + 1}. The parties are Acme and Globex; the term is ${i + 1} months.\n`)
    return path
  })
  const added = await tsx(serviceMain, [
    "docs",
    "add",
    "--data",
    data,
    "--org",
    `${orgId}`,
    "--user",
    `${userId}`,
    ...paths
  ])
  const ids = (JSON.parse(added.stdout) as ReadonlyArray<{ readonly id: number }>).map((doc) => doc.id)
  const token = (
    await tsx(serviceMain, ["token", "--data", data, "--org", `${orgId}`, "--user", `${userId}`, "--plan", "advanced"])
  ).stdout.trim()
  const serve = await startServe([
    ...["--port", "0", "--data", data, "--engine", "latency", "--debug-endpoints", "--seed", "1"],
    ...["--latency-ms", `${profile.latencyMs}`, "--workers", `${profile.workers}`],
    ...["--latency-dist", profile.distribution ?? "fixed"],
    ...(profile.spread === undefined ? [] : ["--latency-spread", `${profile.spread}`]),
    ...(profile.maxPending === undefined ? [] : ["--max-pending", `${profile.maxPending}`])
  ])
  try {
    const cells = profile.documents * profile.columns
    let naive: { seconds: number | undefined; refused: string | undefined; peak: number | undefined } = {
      seconds: undefined,
      refused: undefined,
      peak: undefined
    }
    if (profile.naive) {
      const since = Date.now()
      const outcome = await naiveClient({
        baseUrl: serve.baseUrl,
        token,
        organizationId: orgId,
        userId,
        documentIds: ids,
        queries: queries(profile.columns)
      })
      const stats = await queueStats(serve.baseUrl, token, since)
      naive = { seconds: outcome.seconds, refused: outcome.refused, peak: stats.peak_pending }
    }
    const pipeline = join(dir, "bench.yaml")
    const runLines = Object.entries(profile.run ?? {}).map(([key, value]) => `  ${key}: ${value}`)
    writeFileSync(
      pipeline,
      [
        "name: bench",
        "documents:",
        `  - ids: [${ids.join(", ")}]`,
        "columns:",
        ...queries(profile.columns).map((query, i) => `  - { name: C${i + 1}, query: "${query}" }`),
        ...(runLines.length === 0 ? [] : ["run:", ...runLines]),
        "output:",
        `  dir: ${join(dir, "out")}`,
        ""
      ].join("\n")
    )
    const env = {
      ...process.env,
      DOCSWEEP_BASE_URL: serve.baseUrl,
      DOCSWEEP_TOKEN: token,
      DOCSWEEP_USER_ID: `${userId}`,
      DOCSWEEP_ORG_ID: `${orgId}`
    }
    const since = Date.now()
    const figures =
      profile.via === "cli"
        ? await runCli(pipeline, join(dir, "out", "state.sqlite"), env)
        : await runChild(pipeline, env)
    const stats = await queueStats(serve.baseUrl, token, since)
    // At most min(workers, max pending) answered at once. Fixed answer times: ⌈cells ÷ that⌉ rounds of the latency;
    // otherwise the distribution's mean spread over it (lognormal: median × e^(σ²/2); exponential: median ÷ ln 2).
    const parallel = Math.min(profile.workers, profile.maxPending ?? Number.POSITIVE_INFINITY)
    const meanMs =
      profile.distribution === "lognormal"
        ? profile.latencyMs * Math.exp((profile.spread ?? defaultSpread) ** 2 / 2)
        : profile.distribution === "exponential"
          ? profile.latencyMs / Math.LN2
          : profile.latencyMs
    const idealSeconds =
      (profile.distribution ?? "fixed") === "fixed"
        ? (Math.ceil(cells / parallel) * profile.latencyMs) / 1000
        : (cells * meanMs) / parallel / 1000
    const measuredIdealSeconds = (cells * stats.answer_ms.mean) / parallel / 1000
    return {
      profile: profile.name,
      cells,
      answered: figures.cells,
      failed: figures.failed,
      seconds: figures.seconds,
      naiveSeconds: naive.seconds,
      naiveRefused: naive.refused,
      idealSeconds,
      measuredIdealSeconds,
      vsNaive: naive.seconds === undefined ? undefined : figures.seconds / naive.seconds,
      vsIdeal: idealSeconds > 0 ? figures.seconds / idealSeconds : Number.NaN,
      queueWaitP50: stats.queue_wait_ms.p50,
      queueWaitP95: stats.queue_wait_ms.p95,
      peakPending: stats.peak_pending,
      naivePeakPending: naive.peak,
      requestsPerCell: figures.requests / cells,
      throttled: figures.throttled,
      responseKbPerCell: figures.bytes / 1024 / cells,
      cellsPerSecond: figures.cells / figures.seconds,
      peakRssMb: figures.maxRssMb,
      outcome: figures.outcome
    }
  } finally {
    serve.child.kill("SIGTERM")
    if (process.env.BENCH_KEEP === undefined) rmSync(dir, { recursive: true, force: true })
    else process.stderr.write(`kept ${dir}\n`)
  }
}

/** The profiles of the flow-control issue, defaults everywhere unless the profile names a setting. */
export const flowProfiles: ReadonlyArray<FlowProfile> = [
  { name: "50w-200ms-5000", documents: 100, columns: 50, workers: 50, latencyMs: 200, naive: true, via: "child" },
  { name: "4w-200ms-400", documents: 20, columns: 20, workers: 4, latencyMs: 200, naive: true, via: "child" },
  { name: "64w-0ms-10000", documents: 200, columns: 50, workers: 64, latencyMs: 0, naive: true, via: "child" },
  {
    name: "50w-lognormal1s-maxpending200-2000",
    documents: 40,
    columns: 50,
    workers: 50,
    latencyMs: 1000,
    distribution: "lognormal",
    maxPending: 200,
    naive: true,
    via: "child"
  },
  {
    name: "50w-200ms-5000-concurrency50",
    documents: 100,
    columns: 50,
    workers: 50,
    latencyMs: 200,
    run: { concurrency: 50 },
    naive: false,
    via: "child"
  },
  { name: "64w-0ms-100000-cli", documents: 2000, columns: 50, workers: 64, latencyMs: 0, naive: false, via: "cli" },
  // Beyond the profiles: a queue cap well below the workers (429s decide the window), and a heavy tail.
  {
    name: "100w-200ms-maxpending30-1500",
    documents: 50,
    columns: 30,
    workers: 100,
    latencyMs: 200,
    maxPending: 30,
    naive: false,
    via: "child"
  },
  {
    name: "16w-lognormal500ms-spread1-400",
    documents: 20,
    columns: 20,
    workers: 16,
    latencyMs: 500,
    distribution: "lognormal",
    spread: 1,
    naive: true,
    via: "child"
  }
]

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const wanted = process.argv.slice(2)
  for (const profile of flowProfiles) {
    if (wanted.length > 0 && !wanted.includes(profile.name)) continue
    process.stdout.write(`${JSON.stringify(await benchProfile(profile))}\n`)
  }
}
