/**
 * Benchmark of the runner against the local service, each in its own process:
 * - 5,000 cells (100 documents × 50 columns) at `--engine latency --latency-ms 200 --workers 50`, concurrency 50:
 *   makespan ÷ ideal (ideal = ⌈cells ÷ 50⌉ × 200 ms; target ≤ 1.25), HTTP requests per cell (target ≤ 0.5),
 *   response bytes per cell, peak RSS of the runner;
 * - 100,000 cells (2,000 documents × 50 columns) at `--latency-ms 0`: cells per second, peak RSS (target ≤ 400 MB).
 * `npx tsx test/runner/benchRunner.ts [small|large]` prints the figures as JSON. For digging into a figure:
 * BENCH_LOG=FILE keeps the runner's log (with DOCSWEEP_TEST_LOG=debug, every submit and poll), BENCH_KEEP=1 keeps
 * the service's data (its tasks table has each answer's start and end), BENCH_SERVE_FLAGS adds node flags to the
 * service (e.g. `--cpu-prof --cpu-prof-dir=DIR`).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import Database from "better-sqlite3"

export interface BenchRunnerOptions {
  readonly documents: number
  readonly columns: number
  readonly latencyMs: number
  readonly workers: number
  readonly concurrency: number
  readonly batchSize: number
  readonly pollInterval?: string
  readonly maxPollInterval?: string
  readonly maxDocumentsPerTable?: number
  /** Node flags of the runner process, e.g. a heap cap. */
  readonly nodeFlags?: ReadonlyArray<string>
  /**
   * "child": an instrumented runner process counting every HTTP request and response byte. "cli": `docsweep run`
   * itself, exactly as users start it (its reports included); requests and bytes are not counted there.
   */
  readonly via?: "child" | "cli"
}

export interface BenchRunnerFigures {
  readonly cells: number
  readonly seconds: number
  /** ⌈cells ÷ concurrency⌉ × latency. */
  readonly idealSeconds: number
  readonly ratio: number
  readonly requestsPerCell: number
  readonly bytesPerCell: number
  readonly cellsPerSecond: number
  readonly peakRssMb: number
  /** Sampled high-water marks of the runner's heap (used, total), external memory and array buffers. */
  readonly heapPeaksMb: Readonly<Record<string, number>>
  readonly outcome: string
}

const root = fileURLToPath(new URL("../../", import.meta.url))
const serviceMain = join(root, "src/service/main.ts")
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
  readonly cells: number
  readonly maxRssMb: number
  readonly outcome: string
  readonly peaks: Record<string, number>
}

const runChild = async (
  pipeline: string,
  nodeFlags: ReadonlyArray<string>,
  env: NodeJS.ProcessEnv
): Promise<RunFigures> => {
  const child = await run(process.execPath, [...nodeFlags, "--import", "tsx", benchChild, pipeline], {
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
const runCli = (
  pipeline: string,
  stateFile: string,
  nodeFlags: ReadonlyArray<string>,
  env: NodeJS.ProcessEnv
): Promise<RunFigures> =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [...nodeFlags, join(root, "src/cli/bin.js"), "run", pipeline, "--quiet"], {
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
      const state = new Database(stateFile, { readonly: true })
      const cells = state.prepare<[], { n: number }>("SELECT count(*) AS n FROM cells WHERE state = 'success'").get()
      state.close()
      resolve({
        seconds,
        requests: Number.NaN,
        bytes: Number.NaN,
        cells: cells?.n ?? 0,
        maxRssMb: peak,
        outcome: code === 0 ? "completed" : `exit ${code}: ${stderr.trim().split("\n").at(-1) ?? ""}`,
        peaks: {}
      })
    })
  })

export async function benchRunner(opts: BenchRunnerOptions): Promise<BenchRunnerFigures> {
  const dir = mkdtempSync(join(tmpdir(), "docsweep-bench-runner-"))
  const data = join(dir, "service")
  const files = join(dir, "files")
  mkdirSync(files, { recursive: true })
  const paths = Array.from({ length: opts.documents }, (_, i) => {
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
    "--port",
    "0",
    "--data",
    data,
    "--engine",
    "latency",
    "--latency-ms",
    `${opts.latencyMs}`,
    "--workers",
    `${opts.workers}`,
    "--debug-endpoints"
  ])
  try {
    const pipeline = join(dir, "bench.yaml")
    const columns = Array.from(
      { length: opts.columns },
      (_, i) => `  - { name: C${i + 1}, query: "Question ${i + 1}?" }`
    )
    writeFileSync(
      pipeline,
      [
        "name: bench",
        "documents:",
        `  - ids: [${ids.join(", ")}]`,
        "columns:",
        ...columns,
        "run:",
        `  concurrency: ${opts.concurrency}`,
        `  batch_size: ${opts.batchSize}`,
        `  max_documents_per_table: ${opts.maxDocumentsPerTable ?? 200}`,
        `  poll: { interval: ${opts.pollInterval ?? "50ms"}, max_interval: ${opts.maxPollInterval ?? "1s"} }`,
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
    const figures =
      opts.via === "cli"
        ? await runCli(pipeline, join(dir, "out", "state.sqlite"), opts.nodeFlags ?? [], env)
        : await runChild(pipeline, opts.nodeFlags ?? [], env)
    const idealSeconds = (Math.ceil(figures.cells / opts.concurrency) * opts.latencyMs) / 1000
    return {
      cells: figures.cells,
      seconds: figures.seconds,
      idealSeconds,
      ratio: idealSeconds > 0 ? figures.seconds / idealSeconds : Number.NaN,
      requestsPerCell: figures.requests / figures.cells,
      bytesPerCell: figures.bytes / figures.cells,
      cellsPerSecond: figures.cells / figures.seconds,
      peakRssMb: figures.maxRssMb,
      heapPeaksMb: figures.peaks,
      outcome: figures.outcome
    }
  } finally {
    serve.child.kill("SIGTERM")
    if (process.env.BENCH_KEEP === undefined) rmSync(dir, { recursive: true, force: true })
    else process.stderr.write(`kept ${dir}\n`)
  }
}

/**
 * 5,000 cells at 200 ms, concurrency 50. Tables of 10 documents (500 cells): every poll lists a whole table, so
 * small tables keep each poll (and the service's work to answer it) small; their 500 column creations are set up
 * in the background while the first tables run. Polls start at 20 ms: the runner polls when the oldest request is
 * due (from the latency it learns), so few polls are wasted.
 */
export const smallBench: BenchRunnerOptions = {
  documents: 100,
  columns: 50,
  latencyMs: 200,
  workers: 50,
  concurrency: 50,
  batchSize: 50,
  maxDocumentsPerTable: 10,
  pollInterval: "20ms",
  maxPollInterval: "1s"
}

/**
 * 100,000 cells at 0 ms through `docsweep run` itself, with Node's default heap settings: concurrency and batches
 * of 500, default tables (200 documents), reports written at the end. The CLI's heap growth policy
 * (src/cli/MemoryPolicy.ts) and its bundle (src/cli/bin.js) are what keep the peak RSS down.
 */
export const largeBench: BenchRunnerOptions = {
  documents: 2000,
  columns: 50,
  latencyMs: 0,
  workers: 50,
  concurrency: 500,
  batchSize: 500,
  pollInterval: "50ms",
  maxPollInterval: "1s",
  via: "cli"
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const which = process.argv.slice(2)
  const out: Record<string, BenchRunnerFigures> = {}
  if (which.length === 0 || which.includes("small")) out.small = await benchRunner(smallBench)
  if (which.length === 0 || which.includes("large")) out.large = await benchRunner(largeBench)
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`)
}
