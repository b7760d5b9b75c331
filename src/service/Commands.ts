import { Config, Console, Data, type Duration, Effect, Layer, Option, Redacted, Schema } from "effect"
import { apiDescription } from "../api/ApiDescription.js"
import { Plan } from "../api/Authentication.js"
import type { OrganizationId, UserId } from "../api/Ids.js"
import { Auth } from "./Auth.js"
import { Ingest } from "./Ingest.js"
import { hashPassword } from "./Passwords.js"
import { serviceUrl } from "./Server.js"
import { ServiceDatabase } from "./ServiceDatabase.js"
import { DocumentStore } from "./store/DocumentStore.js"
import { OrganizationStore } from "./store/OrganizationStore.js"

/**
 * The service's commands (`docsweep serve`, `docs add`, `token`, `users add`) as programs over the service's own
 * layers; `src/cli` parses their flags, provides the layers and reports their failures.
 */

/** A command's input is unusable, or (docs add) some files were not added; `message` is for people. */
export class CommandFailed extends Data.TaggedError("CommandFailed")<{ readonly reason: string }> {
  override get message() {
    return this.reason
  }
}

const secretVariable = "DOCSWEEP_JWT_SECRET"

/** A blank secret (a stray space in a variable) would sign tokens anyone can forge: it counts as none. */
const usable = (secret: Option.Option<Redacted.Redacted>) =>
  Option.filter(secret, (value) => Redacted.value(value).trim() !== "")

/** `--secret`, else `DOCSWEEP_JWT_SECRET`, else (none) the secret kept in the data directory. */
export const givenSecret = (secret: string | undefined) =>
  secret !== undefined && secret.trim() !== ""
    ? Effect.succeed(Option.some(Redacted.make(secret)))
    : Effect.orElseSucceed(Config.option(Config.redacted(secretVariable)).pipe(Effect.map(usable)), () => Option.none())

const parsePlan = (plan: string | undefined): Effect.Effect<Plan, CommandFailed> =>
  plan === undefined
    ? Effect.succeed("basic")
    : Schema.is(Plan)(plan)
      ? Effect.succeed(plan)
      : Effect.fail(new CommandFailed({ reason: `--plan must be ${Plan.literals.join(" or ")}, got "${plan}"` }))

/** Ingestion and accounts without the HTTP server or the task pool, so they are safe next to a running `serve`. */
export const IngestLive = Ingest.Default.pipe(
  Layer.provideMerge(Layer.mergeAll(DocumentStore.Default, OrganizationStore.Default)),
  Layer.provideMerge(ServiceDatabase.Default)
)

/** `docsweep serve` on the started service (`ServiceLive`): prints exactly `listening on http://HOST:PORT`, runs on. */
export const serve = Effect.gen(function* () {
  yield* Console.log(`listening on ${yield* serviceUrl}`)
  return yield* Effect.never
})

/** `docsweep serve --print-openapi`: the description `GET /openapi.json` serves, starting nothing. */
export const printOpenApi = (debugEndpoints: boolean) =>
  Console.log(JSON.stringify(apiDescription({ debugEndpoints }), null, 2))

/**
 * `docsweep docs add --org O --user U FILE...`: prints the added documents as a JSON array of
 * `{id, filename, pages}` on stdout and each file that could not be read or parsed as `PATH: reason` on stderr.
 * The others are still added; the command fails (exit code 1) when any file was not added.
 */
export const docsAddCommand = (options: {
  readonly org: OrganizationId
  readonly user: UserId
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
  })

/** `docsweep token --user U --org O [--plan basic|advanced] [--ttl 24h]`: prints a token signed by `Auth`. */
export const tokenCommand = (options: {
  readonly user: UserId
  readonly org: OrganizationId
  readonly plan?: string | undefined
  readonly ttl: Duration.Duration
}) =>
  Effect.gen(function* () {
    const plan = yield* parsePlan(options.plan)
    const auth = yield* Auth
    const token = yield* auth.mint(
      { userId: options.user, organizationIds: [options.org], plan },
      Option.some(options.ttl)
    )
    yield* Console.log(Redacted.value(token))
    return token
  })

/** `docsweep users add --email E --password P --org O [--plan …]`: an account for `POST /api/auth`. */
export const usersAddCommand = (options: {
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
  })
