import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { NodeHttpClient } from "@effect/platform-node"
import { Effect, Layer, Redacted } from "effect"
import type { OrganizationId } from "../../src/api/Ids.js"
import { ClientSettings } from "../../src/client/ClientSettings.js"
import { ServiceClient } from "../../src/client/ServiceClient.js"
import { documentListItem } from "../api/samples.js"

/** A workspace's document list of about `megabytes` MB, as one JSON reply. */
const documentList = (megabytes: number) => {
  const one = JSON.stringify({ ...documentListItem, filename: `${"contract-".repeat(20)}.pdf` })
  const count = Math.ceil((megabytes * 1024 * 1024) / (one.length + 1))
  return Buffer.from(
    `[${Array.from({ length: count }, (_, i) => JSON.stringify({ ...JSON.parse(one), id: i + 1 })).join(",")}]`
  )
}

/**
 * How long `listDocuments` takes to read and decode a document list of each size from a server on 127.0.0.1 that
 * writes it at once: the cost of a large 2xx reply (see `src/client/WholeReplies.ts`). Median of three reads.
 */
export const benchLargeReplies = (sizes: ReadonlyArray<number>) =>
  Effect.forEach(sizes, (megabytes) =>
    Effect.gen(function* () {
      const body = documentList(megabytes)
      const server = createServer((_request, response) => {
        response.writeHead(200, { "content-type": "application/json" })
        response.end(body)
      })
      yield* Effect.acquireRelease(
        Effect.async<void>((resume) => void server.listen(0, "127.0.0.1", () => resume(Effect.void))),
        () => Effect.async<void>((resume) => void server.close(() => resume(Effect.void)))
      )
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const layer = ServiceClient.Default.pipe(
        Layer.provide(ClientSettings.layer({ baseUrl, token: Redacted.make("bench"), timeout: "60 seconds" })),
        Layer.provide(NodeHttpClient.layer)
      )
      const times: Array<number> = []
      let documents = 0
      for (let i = 0; i < 3; i++) {
        const started = performance.now()
        documents = (yield* Effect.flatMap(ServiceClient, (client) => client.listDocuments(1 as OrganizationId)).pipe(
          Effect.provide(layer)
        )).length
        times.push(performance.now() - started)
      }
      return { megabytes: body.length / 1024 / 1024, documents, ms: times.sort((a, b) => a - b)[1] ?? Number.NaN }
    }).pipe(Effect.scoped)
  )
