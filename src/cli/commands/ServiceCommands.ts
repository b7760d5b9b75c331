import { Effect } from "effect"
import type { Argv, CommandModule } from "yargs"
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
import { ExitCode } from "../ExitCode.js"
import { commandHelp } from "../PipelineArgs.js"
import { effectCommand } from "../runCommand.js"
import { docsAddProgram, serveProgram, tokenProgram, usersAddProgram } from "../ServicePrograms.js"

/** `--upload-limit-mb` counts mebibytes, as `serve` reads it. */
const bytesPerMb = 1024 * 1024

const dataOption = {
  type: "string",
  describe: "data directory of the local service",
  default: defaultDataDir
} as const

const planOption = {
  type: "string",
  choices: ["basic", "advanced"],
  default: "basic",
  describe: "advanced allows multi-document chat"
} as const

/** A command that only groups its subcommands (`docs add`, `users add`): it does nothing by itself. */
const groupCommand = <U>(command: string, describe: string, subcommand: CommandModule<object, U>): CommandModule => ({
  command,
  describe,
  builder: (yargs) => commandHelp(yargs).command(subcommand).demandCommand(1, "no command"),
  handler: () => undefined
})

const serveBuilder = (yargs: Argv) =>
  commandHelp(yargs)
    .option("host", { type: "string", default: defaultHost, describe: "address to listen on" })
    .option("port", { type: "number", default: defaultPort, describe: "port; 0 picks a free one" })
    .option("data", dataOption)
    .option("workers", { type: "number", default: defaultWorkers, describe: "tasks generated at once" })
    .option("engine", { type: "string", default: "extractive", describe: "extractive, openai or latency" })
    .option("latency-ms", { type: "number", describe: "latency engine: median milliseconds per answer" })
    .option("latency-dist", {
      type: "string",
      choices: ["fixed", "exponential", "lognormal"],
      default: "fixed",
      describe: "latency engine: how answer times spread around --latency-ms"
    })
    .option("latency-spread", { type: "number", default: 0.5, describe: "latency engine: σ of the lognormal" })
    .option("max-pending", {
      type: "number",
      describe: "most tasks one user may have pending or running; more are refused with 429 and Retry-After"
    })
    .option("llm-base-url", { type: "string", describe: "openai engine: an OpenAI-compatible base URL" })
    .option("llm-model", { type: "string", describe: "openai engine: the model name" })
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
    .example("$0 serve --port 8787 --data .docsweep/service", "prints `listening on http://127.0.0.1:8787`")
    .example("$0 serve --port 0 --engine latency --latency-ms 200 --fault-rate 0.1", "a test double for clients")

/** `docsweep serve`: the local implementation of the service. */
export const ServeCommand = effectCommand(
  "serve",
  "run the local implementation of the service (SQLite, JWT auth, offline answers)",
  serveBuilder,
  (argv) => serveProgram(argv).pipe(Effect.as(ExitCode.ok)),
  { interrupted: "serve stopped: open connections were closed, workers stopped, the database closed" }
)

const docsAddBuilder = (yargs: Argv) =>
  commandHelp(yargs)
    .positional("files", { type: "string", array: true, demandOption: true, describe: "files to add" })
    .default("files", undefined)
    .option("org", { type: "number", demandOption: true, describe: "workspace id the documents belong to" })
    .option("user", { type: "number", demandOption: true, describe: "user id of the uploader" })
    .option("data", dataOption)
    .example("$0 docs add --org 1 --user 1 contracts/*.pdf", 'prints [{"id":…,"filename":…,"pages":…}]')

/** `docsweep docs add --org O --user U FILE...` */
const DocsAddCommand = effectCommand(
  "add <files..>",
  "add .txt .md .html .pdf .docx files as documents (prints their ids as JSON)",
  docsAddBuilder,
  (argv) =>
    docsAddProgram({ data: argv.data, org: argv.org, user: argv.user, files: argv.files ?? [] }).pipe(
      Effect.as(ExitCode.ok)
    )
)

/** `docsweep docs <command>`: documents of the local service. */
export const DocsCommand = groupCommand("docs <command>", "documents of the local service: docs add", DocsAddCommand)

const usersAddBuilder = (yargs: Argv) =>
  commandHelp(yargs)
    .option("email", { type: "string", demandOption: true, describe: "the account's email (its login)" })
    .option("password", { type: "string", demandOption: true, describe: "the account's password (stored hashed)" })
    .option("org", { type: "number", demandOption: true, describe: "workspace id the account belongs to" })
    .option("plan", planOption)
    .option("data", dataOption)
    .example("$0 users add --email ada@example.com --password 'correct horse' --org 1", "then POST /api/auth")

/** `docsweep users add --email E --password P --org O [--plan …]` */
const UsersAddCommand = effectCommand("add", "add an account that POST /api/auth accepts", usersAddBuilder, (argv) =>
  usersAddProgram(argv).pipe(Effect.as(ExitCode.ok))
)

/** `docsweep users <command>`: accounts of the local service. */
export const UsersCommand = groupCommand(
  "users <command>",
  "accounts of the local service for POST /api/auth: users add",
  UsersAddCommand
)

const tokenBuilder = (yargs: Argv) =>
  commandHelp(yargs)
    .option("user", { type: "number", demandOption: true, describe: "user id (the token's subject)" })
    .option("org", { type: "number", demandOption: true, describe: "workspace id the token may use" })
    .option("plan", planOption)
    .option("ttl", { type: "string", default: "24h", describe: "lifetime, e.g. 24h, 90m" })
    .option("secret", { type: "string", describe: "JWT secret (else DOCSWEEP_JWT_SECRET, else kept in --data)" })
    .option("data", dataOption)
    .example("TOKEN=$($0 token --user 1 --org 1 --plan advanced)", "a 24 h token for curl or a run's --token-file")

/** `docsweep token --user U --org O [--plan …] [--ttl 24h]` */
export const TokenCommand = effectCommand(
  "token",
  "print a token signed by the local service's secret",
  tokenBuilder,
  (argv) => tokenProgram(argv).pipe(Effect.as(ExitCode.ok))
)
