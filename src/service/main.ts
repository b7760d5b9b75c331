import { parseArgs } from "node:util"
import { NodeRuntime } from "@effect/platform-node"
import { Console, Effect, Logger } from "effect"
import { CommandFailed, docsAddCommand, serveCommand, tokenCommand, usersAddCommand } from "./Commands.js"

/**
 * Standalone entry of the service commands (`npx tsx src/service/main.ts serve --port 0 --data DIR`), used by
 * tests that need a real child process; `docsweep` wires the same functions into its yargs commands.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  strict: true,
  options: {
    host: { type: "string" },
    port: { type: "string" },
    data: { type: "string" },
    workers: { type: "string" },
    engine: { type: "string" },
    "latency-ms": { type: "string" },
    "latency-dist": { type: "string" },
    "latency-spread": { type: "string" },
    "max-pending": { type: "string" },
    "llm-base-url": { type: "string" },
    "llm-model": { type: "string" },
    "fault-rate": { type: "string" },
    "fault-delay-ms": { type: "string" },
    "fail-rate": { type: "string" },
    seed: { type: "string" },
    "debug-endpoints": { type: "boolean" },
    "print-openapi": { type: "boolean" },
    "upload-limit-mb": { type: "string" },
    secret: { type: "string" },
    org: { type: "string" },
    user: { type: "string" },
    plan: { type: "string" },
    ttl: { type: "string" },
    email: { type: "string" },
    password: { type: "string" }
  }
})

const number = (text: string | undefined): number | undefined => (text === undefined ? undefined : Number(text))

const required = (name: string, text: string | undefined) =>
  text === undefined || !Number.isInteger(Number(text))
    ? Effect.fail(new CommandFailed({ reason: `--${name} must be an integer` }))
    : Effect.succeed(Number(text))

const [command, sub, ...files] = positionals

const program = Effect.gen(function* () {
  const dataDir = values.data
  if (command === "serve") {
    const uploadMb = number(values["upload-limit-mb"])
    return yield* serveCommand({
      host: values.host,
      port: number(values.port),
      dataDir,
      workers: number(values.workers),
      engine: values.engine,
      latencyMs: number(values["latency-ms"]),
      latencyDist: values["latency-dist"],
      latencySpread: number(values["latency-spread"]),
      maxPending: number(values["max-pending"]),
      llmBaseUrl: values["llm-base-url"],
      llmModel: values["llm-model"],
      faultRate: number(values["fault-rate"]),
      faultDelayMs: number(values["fault-delay-ms"]),
      failRate: number(values["fail-rate"]),
      seed: number(values.seed),
      debugEndpoints: values["debug-endpoints"],
      uploadLimitBytes: uploadMb === undefined ? undefined : uploadMb * 1024 * 1024,
      secret: values.secret,
      printOpenApi: values["print-openapi"]
    })
  }
  if (command === "docs" && sub === "add") {
    const org = yield* required("org", values.org)
    const user = yield* required("user", values.user)
    return yield* docsAddCommand({ dataDir, org, user, files })
  }
  if (command === "token") {
    const org = yield* required("org", values.org)
    const user = yield* required("user", values.user)
    return yield* tokenCommand({ dataDir, user, org, plan: values.plan, ttl: values.ttl, secret: values.secret })
  }
  if (command === "users" && sub === "add") {
    const org = yield* required("org", values.org)
    const email = values.email ?? ""
    const password = values.password ?? ""
    return yield* usersAddCommand({ dataDir, email, password, org, plan: values.plan })
  }
  return yield* Effect.fail(new CommandFailed({ reason: "usage: serve | docs add FILE... | token | users add" }))
}).pipe(
  Effect.tapErrorCause((cause) => Console.error(cause._tag === "Fail" ? cause.error.message : String(cause))),
  // stdout carries only the command's output (`listening on ...`, JSON, the token); logs go to stderr.
  Effect.provide(Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger)))
)

NodeRuntime.runMain(program, { disableErrorReporting: true, disablePrettyLogger: true })
