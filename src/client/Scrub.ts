import { Redacted } from "effect"

/** Takes secrets out of text; see `tokenScrubber`. */
export type Scrub = (text: string) => string

/** Removes the token from text that came from the wire: a hostile or buggy server could echo it back. */
export const tokenScrubber = (token: Redacted.Redacted<string> | undefined) => {
  const secret = token === undefined ? "" : Redacted.value(token)
  // A JWT's signature alone is as good as a secret to a forger: it goes too, wherever it stands.
  const signature = secret.split(".").length === 3 ? (secret.split(".")[2] ?? "") : ""
  const parts = [secret, ...(signature.length >= 16 ? [signature] : [])].filter((part) => part !== "")
  return (text: string): string =>
    parts.reduce(
      (scrubbed, part) => (scrubbed.includes(part) ? scrubbed.split(part).join("<redacted>") : scrubbed),
      text
    )
}

/**
 * Every string of a decoded reply with the token taken out: a service may echo the Authorization header in an
 * answer or an error (`meta.error`), and what the client returns is stored in the checkpoint, reported and printed.
 */
export const scrubStrings =
  (clean: (text: string) => string) =>
  <A>(value: A): A => {
    const walk = (node: unknown): unknown => {
      if (typeof node === "string") return clean(node)
      if (Array.isArray(node)) return node.map(walk)
      if (node !== null && typeof node === "object" && Object.getPrototypeOf(node) === Object.prototype)
        return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, walk(inner)]))
      return node
    }
    return walk(value) as A
  }
