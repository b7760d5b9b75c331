import { createRequire } from "node:module"
import { Effect } from "effect"
import type * as PdfJs from "pdfjs-dist/legacy/build/pdf.mjs"
import { ExtractionFailed } from "./ExtractionFailed.js"

/** The part of a pdf.js text item this reader uses. */
interface PdfTextItem {
  readonly str: string
  readonly hasEOL: boolean
  readonly transform: ReadonlyArray<number>
  readonly width: number
  readonly height: number
}

interface Line {
  readonly text: string
  readonly y: number
}

const isTextItem = (item: object): item is PdfTextItem => "str" in item && "transform" in item

/** Rebuilds lines from positioned text items: a new line on `hasEOL` or a jump in y, a space across x gaps. */
const toLines = (items: ReadonlyArray<PdfTextItem>): Array<Line> => {
  const lines: Array<Line> = []
  let text = ""
  let y: number | undefined
  let end = 0
  const push = () => {
    if (text.trim().length > 0 && y !== undefined) lines.push({ text: text.trimEnd(), y })
    text = ""
    y = undefined
  }
  for (const item of items) {
    const x = item.transform[4] ?? 0
    const itemY = item.transform[5] ?? 0
    const size = item.height > 0 ? item.height : Math.abs(item.transform[3] ?? 10)
    if (y !== undefined && text.length > 0 && Math.abs(itemY - y) > Math.max(2, size * 0.5)) push()
    if (item.str.length > 0) {
      const gap = x - end
      if (text.length > 0 && gap > size * 0.15 && !/\s$/.test(text) && !/^\s/.test(item.str)) text += " "
      text += item.str
      end = x + item.width
      y ??= itemY
    }
    if (item.hasEOL) push()
  }
  push()
  return lines
}

/** Joins lines, leaving a blank line where the vertical gap is clearly wider than the page's usual line step. */
const toPageText = (lines: ReadonlyArray<Line>): string => {
  const steps = lines.slice(1).map((line, i) => Math.abs((lines[i]?.y ?? line.y) - line.y))
  const sorted = steps.filter((step) => step > 0).sort((a, b) => a - b)
  // The lower quartile, not the median: on pages of short paragraphs most steps are paragraph gaps.
  const usual = sorted[Math.floor(sorted.length / 4)] ?? 0
  return lines
    .map((line, i) => {
      const step = i === 0 ? 0 : (steps[i - 1] ?? 0)
      return usual > 0 && step > usual * 1.45 ? `\n${line.text}` : line.text
    })
    .join("\n")
}

const fail = (reason: string) => (cause: unknown) => new ExtractionFailed({ doctype: "pdf", reason, cause })

/** pdf.js names the error of a PDF encrypted with a user password (one with only an owner password opens). */
const isPasswordError = (cause: unknown) =>
  typeof cause === "object" && cause !== null && Reflect.get(cause, "name") === "PasswordException"

const unopened = (cause: unknown) =>
  isPasswordError(cause)
    ? fail("the PDF is password-protected (save a copy without the password)")(cause)
    : fail("not a readable PDF")(cause)

/** `Array.prototype.push` as Node has it, before pdf.js is loaded (see `loadPdfJs`). */
const nativePush = Object.getOwnPropertyDescriptor(Array.prototype, "push")

/**
 * The pdf.js legacy build (the one meant for Node) and its worker's code, which runs in this thread: set as
 * `globalThis.pdfjsWorker`, where pdf.js looks for it before importing it itself on the first document.
 * Both install core-js polyfills as they load, and on Node 20 one replaces `Array.prototype.push` (V8 before 12.2
 * threw the wrong error for a push onto an array whose length is read-only) with a JavaScript function: every push
 * in the process, the offline engine's too, became about 1.7 times slower once a PDF had been read. The native push
 * is put back once both are loaded; pdf.js pushes onto no read-only array.
 * Required (ES modules, which Node 20.19 on requires), not imported: the CLI's bundle runs from V8's code cache,
 * which keeps no way to `import()` (src/cli/bin.js).
 */
const loadPdfJs = (): typeof PdfJs => {
  const require = createRequire(import.meta.url)
  try {
    const pdfjs: typeof PdfJs = require("pdfjs-dist/legacy/build/pdf.mjs")
    Reflect.set(globalThis, "pdfjsWorker", require("pdfjs-dist/legacy/build/pdf.worker.mjs"))
    return pdfjs
  } finally {
    if (nativePush !== undefined) Object.defineProperty(Array.prototype, "push", nativePush)
  }
}

/** One string per PDF page, read with pdf.js, no worker thread. */
export const pdfPages = (bytes: Uint8Array) =>
  Effect.gen(function* () {
    const pdfjs = yield* Effect.try({
      try: loadPdfJs,
      catch: fail("the PDF reader could not be loaded")
    })
    const document = yield* Effect.acquireRelease(
      Effect.tryPromise({
        // pdf.js takes ownership of (detaches) the buffer it is given, so it gets a copy.
        try: () =>
          pdfjs.getDocument({
            data: new Uint8Array(bytes),
            disableFontFace: true,
            isEvalSupported: false,
            useSystemFonts: false,
            verbosity: 0
          }).promise,
        catch: unopened
      }),
      (doc) => Effect.promise(() => doc.destroy())
    )
    return yield* Effect.forEach(
      Array.from({ length: document.numPages }, (_, i) => i + 1),
      (pageNumber) =>
        Effect.tryPromise({
          try: async () => {
            const page = await document.getPage(pageNumber)
            const content = await page.getTextContent()
            page.cleanup()
            return toPageText(toLines(content.items.flatMap((item) => (isTextItem(item) ? [item] : []))))
          },
          catch: fail(`page ${pageNumber} could not be read`)
        })
    )
  }).pipe(Effect.scoped)
