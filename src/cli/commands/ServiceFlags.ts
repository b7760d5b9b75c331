import type { Argv } from "yargs"
import { Plan } from "../../api/Authentication.js"
import {
  defaultDataDir,
  defaultFaultDelayMs,
  defaultHeadersTimeoutMs,
  defaultHost,
  defaultMaxUploads,
  defaultPort,
  defaultRequestTimeoutMs,
  defaultUploadLimitBytes,
  defaultWorkers
} from "../../service/ServiceSettings.js"

// The flags of the service's commands, defined once: `docsweep serve` and the others (ServiceCommands) and
// `serviceMain.ts`, the same commands without the rest of the CLI, parse them alike.

/** `--upload-limit-mb` counts mebibytes: its default shown in them, its value read back into bytes. */
const bytesPerMb = 1024 * 1024

/** `--upload-limit-mb`'s value in bytes. */
export const uploadLimitBytesOf = (megabytes: number | undefined) =>
  megabytes === undefined ? undefined : megabytes * bytesPerMb

const dataOption = {
  type: "string",
  describe: "data directory of the local service",
  default: defaultDataDir
} as const

const planOption = {
  type: "string",
  choices: Plan.literals,
  default: "basic",
  describe: "advanced allows multi-document chat"
} as const

/** The names of `engineFlags`, for a help group. */
export const engineFlagNames = ["engine", "latency-ms", "latency-dist", "latency-spread", "llm-base-url", "llm-model"]

/** The engine that answers: `serve`'s, and the embedded service's on `run`. */
export const engineFlags = <T>(yargs: Argv<T>) =>
  yargs
    .option("engine", { type: "string", default: "extractive", describe: "extractive, openai or latency" })
    .option("latency-ms", { type: "number", describe: "latency engine: median milliseconds per answer" })
    .option("latency-dist", {
      type: "string",
      choices: ["fixed", "exponential", "lognormal"],
      default: "fixed",
      describe: "latency engine: how answer times spread around --latency-ms"
    })
    .option("latency-spread", { type: "number", default: 0.5, describe: "latency engine: σ of the lognormal" })
    .option("llm-base-url", { type: "string", describe: "openai engine: an OpenAI-compatible base URL" })
    .option("llm-model", { type: "string", describe: "openai engine: the model name" })

/** `serve`: where it listens, its data, engine, faults and limits. */
export const serveFlags = (yargs: Argv) =>
  engineFlags(yargs)
    .option("host", { type: "string", default: defaultHost, describe: "address to listen on" })
    .option("port", { type: "number", default: defaultPort, describe: "port; 0 picks a free one" })
    .option("data", dataOption)
    .option("workers", { type: "number", default: defaultWorkers, describe: "tasks generated at once" })
    .option("max-pending", {
      type: "number",
      describe: "most tasks one user may have pending or running; more are refused with 429 and Retry-After"
    })
    .option("fault-rate", { type: "number", default: 0, describe: "fraction of requests that fail at random" })
    .option("fault-delay-ms", {
      type: "number",
      default: defaultFaultDelayMs,
      describe: "how long a delayed-reply fault waits"
    })
    .option("fail-rate", { type: "number", default: 0, describe: "fraction of tasks failing on their first attempt" })
    .option("seed", { type: "number", describe: "makes faults, task failures and answer times reproducible" })
    .option("debug-endpoints", {
      type: "boolean",
      default: false,
      describe: "serve GET /debug/run-counts and /debug/queue-stats"
    })
    .option("upload-limit-mb", {
      type: "number",
      default: defaultUploadLimitBytes / bytesPerMb,
      describe: "largest document upload"
    })
    .option("max-uploads", {
      type: "number",
      default: defaultMaxUploads,
      describe: "uploads read at once; more are answered 429"
    })
    .option("headers-timeout-ms", {
      type: "number",
      default: defaultHeadersTimeoutMs,
      describe: "a request whose headers take longer is answered 408 (slow clients hold no socket)"
    })
    .option("request-timeout-ms", {
      type: "number",
      default: defaultRequestTimeoutMs,
      describe: "a request whose body takes longer is answered 408"
    })
    .option("secret", { type: "string", describe: "JWT secret (else DOCSWEEP_JWT_SECRET, else kept in --data)" })
    .option("print-openapi", {
      type: "boolean",
      default: false,
      describe: "print the OpenAPI description (GET /openapi.json) and exit, without serving"
    })

/** `docs add`: the files, the workspace and uploader, the data. */
export const docsAddFlags = (yargs: Argv) =>
  yargs
    .positional("files", { type: "string", array: true, demandOption: true, describe: "files to add" })
    .default("files", undefined)
    .option("org", { type: "number", demandOption: true, describe: "workspace id the documents belong to" })
    .option("user", { type: "number", demandOption: true, describe: "user id of the uploader" })
    .option("data", dataOption)

/** `users add`: the account, its workspace and plan, the data. */
export const usersAddFlags = (yargs: Argv) =>
  yargs
    .option("email", { type: "string", demandOption: true, describe: "the account's email (its login)" })
    .option("password", { type: "string", demandOption: true, describe: "the account's password (stored hashed)" })
    .option("org", { type: "number", demandOption: true, describe: "workspace id the account belongs to" })
    .option("plan", planOption)
    .option("data", dataOption)

/** `token`: the user, workspace, plan and lifetime, the secret, the data. */
export const tokenFlags = (yargs: Argv) =>
  yargs
    .option("user", { type: "number", demandOption: true, describe: "user id (the token's subject)" })
    .option("org", { type: "number", demandOption: true, describe: "workspace id the token may use" })
    .option("plan", planOption)
    .option("ttl", { type: "string", default: "24h", describe: "lifetime, e.g. 24h, 90m" })
    .option("secret", { type: "string", describe: "JWT secret (else DOCSWEEP_JWT_SECRET, else kept in --data)" })
    .option("data", dataOption)
