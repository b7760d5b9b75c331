import { Schema } from "effect"
import { show } from "./Fields.js"

/**
 * A URL as it may be shown: any `user:password@`, query and fragment replaced, so neither a password nor a token
 * put in the address reaches a log or a file.
 */
const masked = (text: string): string =>
  text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, "$1***@").replace(/[?#].*$/s, "?***")

const hasCredentials = (text: string) =>
  URL.canParse(text) && (new URL(text).username !== "" || new URL(text).password !== "")

/** A query or fragment: request paths are added to the base URL, and a secret put there would reach logs. */
const hasQuery = (text: string) => URL.canParse(text) && (new URL(text).search !== "" || new URL(text).hash !== "")

/**
 * The service's base URL. One with `user:password@`, a query or a fragment is refused (the service takes a bearer
 * token, never basic credentials or a token in the address), and the refusal shows it with those masked.
 */
export const BaseUrl = Schema.String.pipe(
  Schema.filter((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol) && !hasCredentials(s) && !hasQuery(s))
).annotations({
  description: "Service address. Without one the embedded local service is used.",
  message: (issue) => ({
    message: hasCredentials(String(issue.actual))
      ? "expected a URL without a user name or password (the token goes in DOCSWEEP_TOKEN or --token-file), " +
        `got "${masked(String(issue.actual))}"`
      : hasQuery(String(issue.actual))
        ? "expected a URL without a query or fragment (the token goes in DOCSWEEP_TOKEN or --token-file), " +
          `got "${masked(String(issue.actual))}"`
        : `expected an http(s) URL, got ${show(issue.actual)}`,
    override: true
  }),
  jsonSchema: {
    type: "string",
    format: "uri",
    pattern: "^https?://",
    description: "Service address. Without one the embedded local service is used."
  }
})
