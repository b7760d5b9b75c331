import { Effect, Layer, Option, Schema } from "effect"
import { OrganizationId, UserId } from "../api/Ids.js"
import { Auth } from "../service/Auth.js"
import {
  docsAddCommand,
  givenSecret,
  IngestLive,
  printOpenApi,
  serve,
  tokenCommand,
  usersAddCommand
} from "../service/Commands.js"
import { type EngineFlags, engineChoice } from "../service/engine/EngineSettings.js"
import { ServiceLive } from "../service/Server.js"
import { type ServiceOptions, ServiceSettings } from "../service/ServiceSettings.js"
import { uploadLimitBytesOf } from "./commands/ServiceFlags.js"
import { parseTtl } from "./TtlArg.js"
import { UsageError } from "./UsageError.js"

/**
 * The service's commands as `docsweep` runs them (and `serviceMain.ts`, the same commands without the CLI): their
 * flags parsed, the service's layer built once, the command delegated to (`src/service/Commands.ts`).
 */

/** `serve`'s flags; what is left out gets the documented default (`resolveServiceSettings`). */
interface ServeFlags extends EngineFlags, Omit<ServiceOptions, "engine" | "dataDir" | "secret"> {
  readonly data?: string | undefined
  readonly uploadLimitMb?: number | undefined
  readonly secret?: string | undefined
  /** Print the OpenAPI description (with the debug operations when `debugEndpoints`) instead of serving. */
  readonly printOpenapi?: boolean | undefined
}

/** The service's settings from `serve`'s flags: the engine (its key from the environment) and the secret. */
const serveSettings = (flags: ServeFlags) =>
  Effect.gen(function* () {
    // A bad engine choice is a usage error (exit 2), as it is for `run`.
    const engine = yield* engineChoice(flags).pipe(
      Effect.mapError((error) => new UsageError({ message: error.reason }))
    )
    const secret = yield* givenSecret(flags.secret)
    const options: ServiceOptions = {
      ...flags,
      dataDir: flags.data,
      engine,
      uploadLimitBytes: uploadLimitBytesOf(flags.uploadLimitMb),
      secret: Option.getOrUndefined(secret)
    }
    return options
  })

/** `serve`: its settings, the service's layer built once, serving until interrupted (or the description printed). */
export const serveProgram = (flags: ServeFlags) =>
  flags.printOpenapi === true
    ? printOpenApi(flags.debugEndpoints ?? false)
    : Effect.flatMap(serveSettings(flags), (options) =>
        serve.pipe(Effect.provide(ServiceLive), Effect.provide(ServiceSettings.layer(options)))
      )

/** `--org`, `--user`: the contract's ids; a value that is not one is a usage error naming the flag. */
const idArg = <A>(schema: Schema.Schema<A, number>, flag: string, value: number) =>
  Schema.decode(schema)(value).pipe(
    Effect.mapError(() => new UsageError({ message: `${flag} takes a whole number id; got ${value}` }))
  )

/** The service data of `--data` (ingestion and accounts, no server): safe beside a running `serve`. */
const onData = (dataDir: string | undefined) =>
  Effect.provide(IngestLive.pipe(Layer.provide(ServiceSettings.layer({ dataDir }))))

/** `docs add --org O --user U FILE...` */
export const docsAddProgram = (flags: {
  readonly data?: string | undefined
  readonly org: number
  readonly user: number
  readonly files?: ReadonlyArray<string> | undefined
}) =>
  Effect.gen(function* () {
    const org = yield* idArg(OrganizationId, "--org", flags.org)
    const user = yield* idArg(UserId, "--user", flags.user)
    return yield* docsAddCommand({ org, user, files: flags.files ?? [] }).pipe(onData(flags.data))
  })

/** `users add --email E --password P --org O [--plan …]` */
export const usersAddProgram = (flags: {
  readonly data?: string | undefined
  readonly email: string
  readonly password: string
  readonly org: number
  readonly plan?: string | undefined
}) => usersAddCommand(flags).pipe(onData(flags.data))

/** `token --user U --org O [--plan …] [--ttl 24h]`: signed with `--secret`, DOCSWEEP_JWT_SECRET or `--data`'s. */
export const tokenProgram = (flags: {
  readonly data?: string | undefined
  readonly user: number
  readonly org: number
  readonly plan?: string | undefined
  readonly ttl?: string | undefined
  readonly secret?: string | undefined
}) =>
  Effect.gen(function* () {
    const user = yield* idArg(UserId, "--user", flags.user)
    const org = yield* idArg(OrganizationId, "--org", flags.org)
    const ttl = yield* parseTtl(flags.ttl ?? "24h")
    const secret = yield* givenSecret(flags.secret)
    const signing = Auth.Default.pipe(
      Layer.provide(ServiceSettings.layer({ dataDir: flags.data, secret: Option.getOrUndefined(secret) }))
    )
    return yield* tokenCommand({ user, org, plan: flags.plan, ttl }).pipe(Effect.provide(signing))
  })
