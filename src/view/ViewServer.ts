import { createServer } from "node:http"
import { HttpRouter, HttpServer, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Cause, Context, Effect, Layer, Option, Ref, type Scope } from "effect"
import { contentSecurityPolicy } from "../export/html/HtmlDocument.js"
import { loadPageAssets, type PageAssets } from "../export/html/PageAssets.js"
import { livePaths, versionHeader } from "../export/html/PageData.js"
import { renderHtml } from "../export/html/WriteHtml.js"
import { urlHost } from "../service/ServiceSettings.js"
import { StoreError } from "../store/StoreError.js"
import type { Packed } from "./ViewSource.js"

interface ViewHandlers {
  readonly version: Effect.Effect<string, unknown>
  readonly current: Effect.Effect<Packed, unknown>
  readonly pageText: (documentId: number, page: number) => Effect.Effect<Option.Option<string>, unknown>
}

/** Headers on every reply: nothing cached, nothing sniffed, no referrer, and the page's own policy. */
const headers = (policy: string) => ({
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "content-security-policy": policy,
  "cross-origin-resource-policy": "same-origin"
})

const json = (body: unknown, policy: string, status = 200) =>
  HttpServerResponse.unsafeJson(body, { status, headers: headers(policy) })

/** A positive whole number from a query parameter. */
const positive = (value: string | undefined) => {
  const number = Number(value)
  return Number.isInteger(number) && number > 0 ? Option.some(number) : Option.none()
}

/**
 * What every route needs: the page's policy, the host names requests may carry (undefined: any), and the reason
 * last logged for a failed answer.
 */
interface Guard {
  readonly policy: string
  readonly hosts: ReadonlySet<string> | undefined
  readonly lastFailure: Ref.Ref<string | undefined>
}

/**
 * Logs why an answer failed: in full when the reason is new, at debug level while it stays the same. An open page
 * asks every few seconds, so an unreadable checkpoint would otherwise fill the log with the same stack.
 */
const logFailure = (guard: Guard, cause: Cause.Cause<unknown>) => {
  const reason = String(Cause.squash(cause))
  return Effect.flatMap(Ref.getAndSet(guard.lastFailure, reason), (before) =>
    before === reason
      ? Effect.logDebug("docsweep view could not answer, as before", reason)
      : Effect.logWarning("docsweep view could not answer", Cause.pretty(cause))
  )
}

/** `127.0.0.1:8790` → `127.0.0.1`, `[::1]:8790` → `[::1]`. */
const hostName = (header: string | undefined) => (header ?? "").replace(/:\d+$/, "").toLowerCase()

const loopbackNames = ["127.0.0.1", "localhost", "[::1]"]

/**
 * The host names a viewer on `host` answers: on loopback, only loopback names, so a web page that points a name
 * of its own at 127.0.0.1 (DNS rebinding) cannot read the report through the reader's browser; on an address the
 * user chose to open, any.
 */
const allowedHosts = (host: string): ReadonlySet<string> | undefined =>
  host === "127.0.0.1" || host === "localhost" || host === "::1" ? new Set(loopbackNames) : undefined

/** A checkpoint with nothing to show now (deleted, or holding no run yet): the page says why and asks again. */
const isMissing = (error: unknown): error is StoreError => error instanceof StoreError && error.kind === "missing"

/**
 * A route behind the host check. A checkpoint with nothing to show answers 503 with the reason; another failure
 * (the checkpoint unreadable, say) answers 500 with a short reason, the viewer's log says more.
 */
const answered = <E, R>(guard: Guard, handler: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (guard.hosts !== undefined && !guard.hosts.has(hostName(request.headers.host))) {
      return json({ detail: "this viewer answers requests for 127.0.0.1 and localhost only" }, guard.policy, 421)
    }
    const response = yield* handler
    yield* Ref.set(guard.lastFailure, undefined)
    return response
  }).pipe(
    Effect.catchAllCause((cause) => {
      const failure = Option.getOrUndefined(Cause.failureOption(cause))
      if (isMissing(failure))
        return Effect.succeed(json({ detail: failure.reason ?? failure.message }, guard.policy, 503))
      return Effect.as(
        logFailure(guard, cause),
        json({ detail: "the checkpoint could not be read; see the viewer's log" }, guard.policy, 500)
      )
    })
  )

const page = (handlers: ViewHandlers, policy: string, assets: PageAssets) =>
  Effect.gen(function* () {
    const { packed, title, version } = yield* handlers.current
    const html = yield* renderHtml({ title, packed, assets, path: "docsweep view", live: version })
    return HttpServerResponse.text(html, { contentType: "text/html; charset=utf-8", headers: headers(policy) })
  })

const data = (handlers: ViewHandlers, policy: string) =>
  Effect.map(handlers.current, ({ packed, version }) =>
    HttpServerResponse.uint8Array(packed, {
      contentType: "application/json",
      headers: { ...headers(policy), "content-encoding": "gzip", [versionHeader]: version }
    })
  )

const pageText = (handlers: ViewHandlers, policy: string) =>
  Effect.gen(function* () {
    const params = yield* HttpServerRequest.ParsedSearchParams
    const one = (name: string) => {
      const value = params[name]
      return typeof value === "string" ? value : undefined
    }
    const document = positive(one("document"))
    const page = positive(one("page"))
    if (Option.isNone(document) || Option.isNone(page)) {
      return json({ detail: "document and page must be positive whole numbers" }, policy, 400)
    }
    const text = yield* handlers.pageText(document.value, page.value)
    return Option.match(text, {
      onNone: () => json({ detail: "no such page of a local file of this pipeline" }, policy, 404),
      onSome: (found) => json({ text: found }, policy)
    })
  })

/**
 * The routes: the page, the change mark, the data and a local document's page text. GET only; read only. The page
 * is built from the assets loaded at start, the ones the policy hashes.
 */
const router = (handlers: ViewHandlers, guard: Guard, assets: PageAssets) => {
  const { policy } = guard
  return HttpRouter.empty.pipe(
    HttpRouter.get("/", answered(guard, page(handlers, policy, assets))),
    HttpRouter.get(
      livePaths.version,
      answered(
        guard,
        Effect.map(handlers.version, (version) => json({ version }, policy))
      )
    ),
    HttpRouter.get(livePaths.data, answered(guard, data(handlers, policy))),
    HttpRouter.get(livePaths.pageText, answered(guard, pageText(handlers, policy)))
  )
}

/**
 * Serves the report page of a checkpoint, live, on `host:port` (loopback unless told otherwise) until the scope
 * closes. Returns the address it listens on.
 */
export const startViewServer = (
  handlers: ViewHandlers,
  options: { readonly host: string; readonly port: number }
): Effect.Effect<string, unknown, Scope.Scope> =>
  Effect.gen(function* () {
    const assets = yield* loadPageAssets("docsweep view")
    const policy = contentSecurityPolicy(assets, "'self'")
    const lastFailure = yield* Ref.make<string | undefined>(undefined)
    const guard = { policy, hosts: allowedHosts(options.host), lastFailure }
    const served = HttpServer.serve(router(handlers, guard, assets)).pipe(
      Layer.provideMerge(NodeHttpServer.layer(createServer, { host: options.host, port: options.port }))
    )
    const context = yield* Layer.build(served)
    const server = Context.get(context, HttpServer.HttpServer)
    const port = server.address._tag === "TcpAddress" ? server.address.port : options.port
    const host = urlHost(options.host)
    return `http://${host}:${port}`
  })
