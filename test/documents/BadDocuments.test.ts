import { readFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { type Doctype, extractText } from "../../src/service/documents/ExtractText.js"
import { samplesDir } from "../engine/loadSample.js"

const sample = (name: string) => new Uint8Array(readFileSync(join(samplesDir, name)))

/** Text as Windows Notepad saves "Unicode" (UTF-16 little-endian) or "Unicode big endian", BOM first. */
const utf16 = (text: string, endian: "le" | "be") => {
  const buffer = Buffer.from(`\uFEFF${text}`, "utf16le")
  return new Uint8Array(endian === "le" ? buffer : buffer.swap16())
}

/** The reason extraction gives for bytes it refuses; fails the test when it accepts them. */
const refusal = (bytes: Uint8Array, doctype: Doctype) =>
  Effect.map(Effect.either(extractText(bytes, doctype)), (result) => {
    assert.isTrue(Either.isLeft(result), `accepted as ${doctype}: ${JSON.stringify(Either.getOrUndefined(result))}`)
    return Either.isLeft(result) ? result.left.message : ""
  })

describe("text files in other encodings", () => {
  for (const endian of ["le", "be"] as const) {
    it.effect(`reads UTF-16${endian.toUpperCase()} with a BOM, as text and as HTML`, () =>
      Effect.gen(function* () {
        const text = yield* extractText(utf16("Governed by the laws of Québec.\r\nSecond line.", endian), "txt")
        assert.deepStrictEqual(text.pages, ["Governed by the laws of Québec.\nSecond line."])
        const html = yield* extractText(utf16("<html><body><p>Fee: 5 €</p></body></html>", endian), "html")
        assert.deepStrictEqual(html.pages, ["Fee: 5 €"])
      })
    )
  }
})
