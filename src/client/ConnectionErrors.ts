import { Predicate } from "effect"
import { Transport, Unreachable } from "./ClientError.js"
import { shownText } from "./ShownText.js"

const stringProperty = (u: unknown, key: string): string | undefined =>
  Predicate.hasProperty(u, key) && (typeof u[key] === "string" || typeof u[key] === "number")
    ? String(u[key])
    : undefined

/** Codes of a connection that was never made: nothing of the request reached the service. */
const unsentCodes = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"])

/** The host (and port) a network error names, for the message: where the base URL points. */
const whereOf = (cause: unknown) => {
  const host = stringProperty(cause, "address") ?? stringProperty(cause, "hostname")
  const port = stringProperty(cause, "port")
  return host === undefined ? "" : ` (${port === undefined ? host : `${host}:${port}`})`
}

/** What went wrong with the connection, in words, with the host it concerns. */
const describeConnection = (cause: unknown): string => {
  const code = stringProperty(cause, "code")
  const where = whereOf(cause)
  if (code === "ECONNREFUSED") return `connection refused${where}`
  if (code === "ENOTFOUND") return `host not found${where}: check the base URL's host name`
  if (code === "EAI_AGAIN") return `host name lookup failed for now${where} (DNS)`
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return `no route to the host${where}`
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "connection reset"
  // TLS: a port that speaks plain HTTP answers a handshake with text ("wrong version number"), or a certificate
  // the system does not trust; both stay until the base URL or the certificate is fixed.
  const text = stringProperty(cause, "message") ?? ""
  if (/wrong version number|packet length too long|http request/i.test(text))
    return `TLS handshake failed (${code ?? "no code"}): the port answers without TLS; use http:// in the base URL, or the service's https port`
  if (code !== undefined && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_/.test(code))
    return `TLS handshake failed (${code}): ${shownText(text)}`
  return code === undefined ? "request failed" : `request failed (${code})`
}

/**
 * A request that failed before any reply: `Unreachable` when the connection was never made (nothing reached the
 * service), else `Transport` (the request may have been processed).
 */
export const connectionError = (request: string, cause: unknown): Transport | Unreachable => {
  const reason = describeConnection(cause)
  return unsentCodes.has(stringProperty(cause, "code") ?? "")
    ? new Unreachable({ request, reason, cause })
    : new Transport({ request, reason, cause })
}
