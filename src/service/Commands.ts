import { Config, Console, Data, Duration, Effect, Layer, Option, Redacted } from "effect"
import { apiDescription } from "../api/ApiDescription.js"
import type { Plan } from "../api/Authentication.js"
import type { OrganizationId, UserId } from "../api/Ids.js"
import { resolveSecret, signToken } from "./Auth.js"
import { apiKeyVariable, parseEngineChoice } from "./engine/EngineSettings.js"
import { Ingest } from "./Ingest.js"
import { hashPassword } from "./Passwords.js"
import { startService } from "./Server.js"
import { ServiceDatabase } from "./ServiceDatabase.js"
import { defaultDataDir, resolveServiceSettings, ServiceSettings } from "./ServiceSettings.js"
import { DocumentStore } from "./store/DocumentStore.js"
import { OrganizationStore } from "./store/OrganizationStore.js"

/** A command's input is unusable, or (docs add) some files were not added; `message` is for people. */
export class CommandFailed extends Data.TaggedError("CommandFailed")<{ readonly reason: string }> {
  override get message() {
    return this.reason
  }
}

export const secretVariable = "DOCSWEEP_JWT_SECRET"

/** `--secret`, else `DOCSWEEP_JWT_SECRET`, else (undefined) the secret kept in the data directory. */
const givenSecret = (secret: string | undefined) =>
  secret !== undefined && secret !== ""
    ? Effect.succeed(Option.some(Redacted.make(secret)))
    : Effect.orElseSucceed(Config.option(Config.redacted(secretVariable)), () => Option.none())

/** `24h`, `90m`, `3600s`, `7d`, `500ms` or a bare number of seconds. */
export const parseTtl = (text: string): Option.Option<Duration.Duration> => {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/.exec(text.trim())
  if (match === null) return Option.none()
  const amount = Number(match[1])
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] ?? "s"] ?? 1000
  return amount > 0 ? Option.some(Duration.millis(amount * unit)) : Option.none()
}

const parsePlan = (plan: string | undefined): Effect.Effect<Plan, CommandFailed> =>
  plan === undefined || plan === "basic" || plan === "advanced"
    ? Effect.succeed(plan ?? "basic")
    : Effect.fail(new CommandFailed({ reason: `--plan must be basic or advanced, got "${plan}"` }))

export interface ServeOptions {
  readonly host?: string | undefined
  readonly port?: number | undefined
  readonly dataDir?: string | undefined
  readonly workers?: number | undefined
  readonly engine?: string | undefined
  readonly latencyMs?: number | undefined
  readonly latencyDist?: string | undefined
  readonly latencySpread?: number | undefined
  readonly maxPending?: number | undefined
  readonly llmBaseUrl?: string | undefined
  readonly llmModel?: string | undefined
  readonly faultRate?: number | undefined
  readonly faultDelayMs?: number | undefined
  readonly failRate?: number | undefined
  readonly seed?: number | undefined
  readonly debugEndpoints?: boolean | undefined
  readonly uploadLimitBytes?: number | undefined
  readonly maxUploads?: number | undefined
  readonly headersTimeoutMs?: number | undefined
  readonly requestTimeoutMs?: number | undefined
  readonly secret?: string | undefined
  /** Print the OpenAPI description (with the debug operations when `debugEndpoints`) instead of serving. */
  readonly printOpenApi?: boolean | undefined
}

/**
 * `docsweep serve`: prints exactly `listening on http://HOST:PORT` when ready, runs until interrupted.
 * With `--print-openapi` it prints the description `GET /openapi.json` serves and ends, starting nothing.
 */
export const serveCommand = (options: ServeOptions) =>
  Effect.gen(function* () {
    if (options.printOpenApi === true) {
      const description = apiDescription({ debugEndpoints: options.debugEndpoints ?? false })
      return yield* Console.log(JSON.stringify(description, null, 2))
    }
    const apiKey = yield* Effect.orElseSucceed(Config.option(Config.string(apiKeyVariable)), () => Option.none())
    const engine = yield* parseEngineChoice(options, { [apiKeyVariable]: Option.getOrUndefined(apiKey) }).pipe(
      Effect.mapError((error) => new CommandFailed({ reason: error.reason }))
    )
    const secret = yield* givenSecret(options.secret)
    const service = yield* startService(
      resolveServiceSettings({ ...options, engine, secret: Option.getOrUndefined(secret) })
    )
    yield* Console.log(`listening on ${service.baseUrl}`)
    return yield* Effect.never
  }).pipe(Effect.scoped)

/** Ingestion without the HTTP server or the task pool, so it is safe next to a running `serve`. */
const ingestLayer = (dataDir: string) =>
  Ingest.Default.pipe(
    Layer.provideMerge(Layer.mergeAll(DocumentStore.Default, OrganizationStore.Default)),
    Layer.provideMerge(ServiceDatabase.Default),
    Layer.provide(Layer.succeed(ServiceSettings, resolveServiceSettings({ dataDir })))
  )

/**
 * `docsweep docs add --org O --user U FILE...`: prints the added documents as a JSON array of
 * `{id, filename, pages}` on stdout and each file that could not be read or parsed as `PATH: reason` on stderr.
 * The others are still added; the command fails (exit code 1) when any file was not added.
 */
export const docsAddCommand = (options: {
  readonly dataDir?: string | undefined
  readonly org: number
  readonly user: number
  readonly files: ReadonlyArray<string>
}) =>
  Effect.gen(function* () {
    const ingest = yield* Ingest
    const outcomes = yield* ingest.ingestFiles(options.files, options.org, options.user)
    const added = outcomes.flatMap((outcome) =>
      outcome.document === undefined
        ? []
        : [{ id: outcome.document.id, filename: outcome.document.filename, pages: outcome.document.pages }]
    )
    yield* Console.log(JSON.stringify(added, null, 2))
    const failed = outcomes.filter((outcome) => outcome.error !== undefined)
    for (const outcome of failed) yield* Console.error(`${outcome.path}: ${outcome.error}`)
    if (failed.length > 0)
      return yield* Effect.fail(
        new CommandFailed({ reason: `${failed.length} of ${outcomes.length} file(s) were not added` })
      )
    return added
  }).pipe(Effect.provide(ingestLayer(options.dataDir ?? defaultDataDir)))

/** `docsweep token --user U --org O [--plan basic|advanced] [--ttl 24h]`: prints a token for this service. */
export const tokenCommand = (options: {
  readonly dataDir?: string | undefined
  readonly user: number
  readonly org: number
  readonly plan?: string | undefined
  readonly ttl?: string | undefined
  readonly secret?: string | undefined
}) =>
  Effect.gen(function* () {
    const plan = yield* parsePlan(options.plan)
    const ttl = Option.getOrUndefined(parseTtl(options.ttl ?? "24h"))
    if (ttl === undefined)
      return yield* Effect.fail(
        new CommandFailed({ reason: `--ttl must look like 24h, 90m or 3600s, got "${options.ttl}"` })
      )
    const given = yield* givenSecret(options.secret)
    const secret = yield* resolveSecret(options.dataDir ?? defaultDataDir, Option.getOrUndefined(given)).pipe(
      Effect.mapError((error) => new CommandFailed({ reason: error.message }))
    )
    const user = { userId: options.user as UserId, organizationIds: [options.org as OrganizationId], plan }
    const token = yield* signToken(secret, user, ttl)
    yield* Console.log(Redacted.value(token))
    return token
  })

/** `docsweep users add --email E --password P --org O [--plan …]`: an account for `POST /api/auth`. */
export const usersAddCommand = (options: {
  readonly dataDir?: string | undefined
  readonly email: string
  readonly password: string
  readonly org: number
  readonly plan?: string | undefined
}) =>
  Effect.gen(function* () {
    const plan = yield* parsePlan(options.plan)
    const email = options.email.trim()
    if (!/^[^\s@]+@[^\s@]+$/.test(email))
      return yield* Effect.fail(new CommandFailed({ reason: `--email "${options.email}" is not an e-mail address` }))
    if (options.password.length < 8)
      return yield* Effect.fail(new CommandFailed({ reason: "--password must be at least 8 characters" }))
    const organizations = yield* OrganizationStore
    const passwordHash = yield* hashPassword(options.password)
    const user = yield* organizations
      .addUser({ email, passwordHash, organizationId: options.org, plan })
      .pipe(Effect.mapError((error) => new CommandFailed({ reason: error.message })))
    yield* Console.log(JSON.stringify(user))
    return user
  }).pipe(Effect.provide(ingestLayer(options.dataDir ?? defaultDataDir)))
