import * as Fs from "node:fs"
import { HttpApiBuilder } from "@effect/platform"
import { Effect, Either } from "effect"
import { Api } from "../../api/Api.js"
import { PayloadTooLarge } from "../../api/ApiError.js"
import { CurrentUser } from "../../api/Authentication.js"
import { doctypes, Ingest, parseDoctype } from "../Ingest.js"
import { ServiceSettings } from "../ServiceSettings.js"
import { DocumentStore } from "../store/DocumentStore.js"
import { invalid, notFound, requireOrganization } from "./Access.js"

/**
 * The file name a multipart part was sent under. Browsers, curl and fetch (WHATWG HTML, "multipart/form-data
 * encoding algorithm") write `"` as %22, LF as %0A and CR as %0D inside `filename="…"`; undone here, else a
 * document named `Offer "final".txt` is listed as `Offer %22final%22.txt`. A name holding a literal "%22" reads as
 * a quote: the encoding cannot tell them apart.
 */
const sentFileName = (name: string) =>
  name.replace(/%(22|0A|0D)/gi, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)))

/** Reference §4.1: read, upload (multipart, extracted before the reply) and the workspace list. */
export const DocumentHandlers = HttpApiBuilder.group(Api, "documents", (handlers) =>
  Effect.gen(function* () {
    const documents = yield* DocumentStore
    const ingest = yield* Ingest
    const settings = yield* ServiceSettings
    return handlers
      .handle("getDocument", ({ path }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          const document = yield* documents.read(path.document_id)
          if (document === undefined || !user.organizationIds.some((id) => id === document.organization_id))
            return yield* Effect.fail(notFound(`document ${path.document_id}`))
          return document
        })
      )
      .handle("uploadDocument", ({ payload }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          yield* requireOrganization(payload.organization_id)
          const doctype = parseDoctype(payload.doctype)
          if (doctype === undefined) {
            const expected = doctypes.join(", ")
            return yield* Effect.fail(
              invalid(["body", "doctype"], `unsupported doctype "${payload.doctype}"; expected one of ${expected}`)
            )
          }
          const bytes = yield* Effect.orDie(Effect.tryPromise(() => Fs.promises.readFile(payload.file.path)))
          if (bytes.byteLength > settings.uploadLimitBytes) {
            const limit = settings.uploadLimitBytes
            return yield* Effect.fail(
              new PayloadTooLarge({ detail: `the file is over the ${limit}-byte upload limit` })
            )
          }
          const stored = yield* Effect.orDie(
            ingest.ingest({
              organizationId: payload.organization_id,
              userId: user.userId,
              filename: sentFileName(payload.file.name),
              doctype,
              bytes,
              keepFailed: true
            })
          )
          return Either.isRight(stored) ? stored.right : yield* Effect.dieMessage(stored.left)
        })
      )
      .handle("listDocuments", ({ path }) =>
        Effect.gen(function* () {
          yield* requireOrganization(path.organization_id)
          return yield* documents.list(path.organization_id)
        })
      )
  })
)
