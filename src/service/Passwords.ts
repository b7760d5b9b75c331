import * as Crypto from "node:crypto"
import { Effect } from "effect"

/** scrypt cost (N = 2^14, r = 8, p = 1): the OWASP minimum, about 30 ms per hash. */
const cost = { N: 16384, r: 8, p: 1 } as const
const keyLength = 32

const derive = (password: string, salt: Buffer, params: { N: number; r: number; p: number }) =>
  Effect.async<Buffer, never>((resume) => {
    Crypto.scrypt(password, salt, keyLength, { ...params, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      resume(error === null ? Effect.succeed(key) : Effect.die(error))
    )
  })

/** `scrypt$N$r$p$salt$hash` (base64): the password itself is never stored. */
export const hashPassword = (password: string): Effect.Effect<string> =>
  Effect.gen(function* () {
    const salt = yield* Effect.sync(() => Crypto.randomBytes(16))
    const key = yield* derive(password, salt, cost)
    return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$")
  })

/** Checks a password against a stored hash in constant time; an unreadable hash never matches. */
export const verifyPassword = (password: string, stored: string): Effect.Effect<boolean> =>
  Effect.gen(function* () {
    const [scheme, n, r, p, salt, hash] = stored.split("$")
    if (scheme !== "scrypt" || salt === undefined || hash === undefined) return false
    const params = { N: Number(n), r: Number(r), p: Number(p) }
    if (![params.N, params.r, params.p].every(Number.isInteger)) return false
    const expected = Buffer.from(hash, "base64")
    const key = yield* derive(password, Buffer.from(salt, "base64"), params)
    return key.length === expected.length && Crypto.timingSafeEqual(key, expected)
  })

/**
 * A hash of nothing, at the same cost: an unknown e-mail is checked against it, so that a login takes as long
 * whether the account exists or not (the reply's time does not tell which e-mails have accounts).
 */
export const noAccountHash = ["scrypt", cost.N, cost.r, cost.p, "AAAAAAAAAAAAAAAAAAAAAA==", `${"A".repeat(43)}=`].join(
  "$"
)
