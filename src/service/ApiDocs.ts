import { createRequire } from "node:module"
import * as Path from "node:path"
import { HttpApiBuilder, HttpRouter, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { apiDescription } from "../api/ApiDescription.js"
import { ServiceSettings } from "./ServiceSettings.js"

/** Where the interface is published; neither needs a token. */
const openApiPath = "/openapi.json"
const docsPath = "/docs"

/** The description and its reference page: documentation, not API calls (fault injection leaves them alone). */
export const isDocumentation = (url: string): boolean => {
  const pathname = url.split("?")[0] ?? url
  return pathname === openApiPath || pathname === docsPath || pathname.startsWith(`${docsPath}/`)
}

/** The renderer's files served from swagger-ui-dist, installed with docsweep; nothing else is reachable. */
const assets: ReadonlySet<string> = new Set(["swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png"])

// The page loads only what /docs serves: no CDN, no font service, no online validator (`validatorUrl: null`).
const page = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>docsweep service API</title>
  <link rel="icon" type="image/png" href="${docsPath}/favicon-32x32.png" />
  <link rel="stylesheet" href="${docsPath}/swagger-ui.css" />
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${docsPath}/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: "${openApiPath}",
      dom_id: "#swagger-ui",
      deepLinking: true,
      validatorUrl: null
    })
  </script>
</body>
</html>
`

const notFound = (detail: string) => HttpServerResponse.unsafeJson({ detail }, { status: 404 })

/**
 * `GET /openapi.json` (the OpenAPI 3.0.3 description, generated from the contract) and `GET /docs` (Swagger UI
 * reading it), on the service's router, without authentication.
 */
export const ApiDocsLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const settings = yield* ServiceSettings
    // Built on first request: the embedded service of every `docsweep run` never pays for it.
    const description = yield* Effect.cached(
      Effect.sync(() => HttpServerResponse.unsafeJson(apiDescription({ debugEndpoints: settings.debugEndpoints })))
    )
    const assetsDir = Path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"))
    yield* router.get(openApiPath, description)
    yield* router.get(docsPath, Effect.succeed(HttpServerResponse.html(page)))
    yield* router.get(
      `${docsPath}/:asset`,
      Effect.gen(function* () {
        const { asset } = yield* HttpRouter.params
        if (asset === undefined || !assets.has(asset)) return notFound(`no such file under ${docsPath}`)
        return yield* HttpServerResponse.file(Path.join(assetsDir, asset)).pipe(Effect.orDie)
      })
    )
  })
)
