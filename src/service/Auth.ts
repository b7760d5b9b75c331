import * as Crypto from "node:crypto"
import * as Fs from "node:fs"
import * as Path from "node:path"
import { Data, Duration, Effect, Option, Redacted, Schema } from "effect"
import * as Jose from "jose"
import { Unauthorized } from "../api/ApiError.js"
import { Plan } from "../api/Authentication.js"
import { idFromString, OrganizationId, UserId } from "../api/Ids.js"
import { makeDirectory } from "../store/MakeDirectory.js"
import { ServiceSettings } from "./ServiceSettings.js"

/** The caller a verified token names (the `CurrentUser` value). */
interface TokenUser {
  readonly userId: UserId
  readonly organizationIds: ReadonlyArray<OrganizationId>
  readonly plan: Plan
}

/** The secret could not be read or created. */
export class SecretUnavailable extends Data.TaggedError("SecretUnavailable")<{
  readonly path: string
  readonly cause: unknown
}> {
  override get message() {
    return `cannot read or create the JWT secret at ${this.path}: ${String(this.cause)}`
  }
}

const secretFile = "jwt-secret"
const defaultTokenTtl = Duration.hours(24)

/**
 * The signing secret: the given one, else the one kept in the data directory, created (random, 0600) on
 * first use so `docsweep token` and `docsweep serve` on the same `--data` agree.
 */
export const resolveSecret = (dataDir: string, given: Redacted.Redacted<string> | undefined) =>
  given !== undefined && Redacted.value(given) !== ""
    ? Effect.succeed(given)
    : Effect.try({
        try: () => {
          const file = Path.join(dataDir, secretFile)
          if (!Fs.existsSync(file)) {
            makeDirectory(dataDir)
            Fs.writeFileSync(file, Crypto.randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" })
          }
          return Redacted.make(Fs.readFileSync(file, "utf8").trim())
        },
        catch: (cause) => new SecretUnavailable({ path: Path.join(dataDir, secretFile), cause })
      })

const Claims = Schema.Struct({
  // RFC 7519 makes `sub` a string; a number is taken too. Decimal digits only: "0x7", " 7" or "7.0" are not user 7.
  sub: Schema.Union(UserId, idFromString(UserId)),
  orgs: Schema.Array(OrganizationId),
  plan: Plan
})

const unauthorized = (detail: string) => new Unauthorized({ detail })

/** Signs a HS256 token for `userId` in `organizationIds`, valid for `ttl` from the Effect clock's now. */
export const signToken = (secret: Redacted.Redacted<string>, user: TokenUser, ttl: Duration.DurationInput) =>
  Effect.gen(function* () {
    const now = Math.floor((yield* Effect.clockWith((clock) => clock.currentTimeMillis)) / 1000)
    const seconds = Math.max(1, Math.round(Duration.toSeconds(Duration.decode(ttl))))
    const jwt = yield* Effect.promise(() =>
      new Jose.SignJWT({ orgs: [...user.organizationIds], plan: user.plan })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(user.userId))
        .setIssuedAt(now)
        .setExpirationTime(now + seconds)
        .sign(new TextEncoder().encode(Redacted.value(secret)))
    )
    return Redacted.make(jwt)
  })

/** Verifies signature, expiry and claims; every failure is a 401 whose detail never repeats the token. */
const verifyToken = (secret: Redacted.Redacted<string>, token: Redacted.Redacted<string>) =>
  Effect.gen(function* () {
    const jwt = Redacted.value(token).trim()
    if (jwt === "") return yield* Effect.fail(unauthorized("missing bearer token"))
    const now = yield* Effect.clockWith((clock) => clock.currentTimeMillis)
    const verified = yield* Effect.tryPromise({
      try: () =>
        Jose.jwtVerify(jwt, new TextEncoder().encode(Redacted.value(secret)), {
          algorithms: ["HS256"],
          currentDate: new Date(now)
        }),
      catch: (cause) =>
        unauthorized(
          cause instanceof Jose.errors.JWTExpired
            ? "token expired"
            : cause instanceof Jose.errors.JWSSignatureVerificationFailed
              ? "token signature does not verify"
              : "malformed token"
        )
    })
    const claims = yield* Schema.decodeUnknown(Claims)(verified.payload).pipe(
      Effect.mapError(() => unauthorized("token claims are malformed"))
    )
    const user: TokenUser = { userId: claims.sub, organizationIds: claims.orgs, plan: claims.plan }
    return user
  })

/** Token signing and verification with this service's secret. */
export class Auth extends Effect.Service<Auth>()("app/service/Auth", {
  effect: Effect.gen(function* () {
    const settings = yield* ServiceSettings
    const secret = yield* resolveSecret(settings.dataDir, settings.secret)
    return {
      mint: (user: TokenUser, ttl: Option.Option<Duration.DurationInput> = Option.none()) =>
        signToken(
          secret,
          user,
          Option.getOrElse(ttl, () => defaultTokenTtl)
        ),
      verify: (token: Redacted.Redacted<string>) => verifyToken(secret, token)
    } as const
  })
}) {}
