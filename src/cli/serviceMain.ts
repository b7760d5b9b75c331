import { parseArgs } from "node:util"
import { NodeRuntime } from "@effect/platform-node"
import { Cause, Console, Effect, Logger } from "effect"
import { CommandFailed } from "../service/Commands.js"
import { docsAddProgram, serveProgram, tokenProgram, usersAddProgram } from "./ServicePrograms.js"

/**
 * The service's commands without the rest of the CLI (`npx tsx src/cli/serviceMain.ts serve --port 0 --data DIR`),
 * for tests and benchmarks that need the service as a real child process of its own. An entry point like `main.ts`,
 * so it lives beside it: the same programs (ServicePrograms), the same flag parsing (one duration parser for
 * `--ttl`); only the runtime is Effect's default (a signal ends `serve` with 0, a failure with 1).
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
    "max-uploads": { type: "string" },
    "headers-timeout-ms": { type: "string" },
    "request-timeout-ms": { type: "string" },
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
  const data = values.data
  if (command === "serve") {
    return yield* serveProgram({
      host: values.host,
      port: number(values.port),
      data,
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
      uploadLimitMb: number(values["upload-limit-mb"]),
      maxUploads: number(values["max-uploads"]),
      headersTimeoutMs: number(values["headers-timeout-ms"]),
      requestTimeoutMs: number(values["request-timeout-ms"]),
      secret: values.secret,
      printOpenapi: values["print-openapi"]
    })
  }
  if (command === "docs" && sub === "add") {
    const org = yield* required("org", values.org)
    const user = yield* required("user", values.user)
    return yield* docsAddProgram({ data, org, user, files })
  }
  if (command === "token") {
    const org = yield* required("org", values.org)
    const user = yield* required("user", values.user)
    return yield* tokenProgram({ data, user, org, plan: values.plan, ttl: values.ttl, secret: values.secret })
  }
  if (command === "users" && sub === "add") {
    const org = yield* required("org", values.org)
    const email = values.email ?? ""
    const password = values.password ?? ""
    return yield* usersAddProgram({ data, email, password, org, plan: values.plan })
  }
  return yield* Effect.fail(new CommandFailed({ reason: "usage: serve | docs add FILE... | token | users add" }))
}).pipe(
  Effect.tapErrorCause((cause) => Console.error(Cause.isFailType(cause) ? cause.error.message : String(cause))),
  // stdout carries only the command's output (`listening on ...`, JSON, the token); logs go to stderr.
  Effect.provide(Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger)))
)

NodeRuntime.runMain(program, { disableErrorReporting: true, disablePrettyLogger: true })
