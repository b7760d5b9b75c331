/**
 * Cuts a JSON array that arrives in chunks into the text of each element, for `JSON.parse` one by one. A cell
 * list of 10,000 cells is a 2 MB body: read as one string it lands in V8's large-object space, which only a full
 * collection frees, and a run polling such lists grew its heap by hundreds of MB between collections. Element
 * texts are small and short-lived. (A streaming JSON parser library took 40 ms per such list against 6 ms for
 * `JSON.parse`; this only finds the commas and brackets at depth one, leaving all parsing to `JSON.parse`.)
 */
export interface JsonArraySplitter {
  /** Feeds the next chunk; returns the texts of the elements it completed. */
  readonly push: (chunk: Uint8Array) => ReadonlyArray<string>
  /** After the last chunk: an error message when the body was not one complete array. */
  readonly finish: () => string | undefined
}

const quote = 34
const comma = 44
const backslash = 92
const openBracket = 91
const closeBracket = 93
const openBrace = 123
const closeBrace = 125

/** JSON whitespace: space, tab, line feed, carriage return. */
const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13

export const makeJsonArraySplitter = (): JsonArraySplitter => {
  const decoder = new TextDecoder()
  let state: "before" | "inside" | "after" | "invalid" = "before"
  let depth = 0
  let inString = false
  let escaped = false
  let count = 0
  let pieces: Array<string> = []

  const scan = (text: string): Array<string> => {
    const elements: Array<string> = []
    let from = 0
    for (let index = 0; index < text.length && state !== "invalid"; index++) {
      const code = text.charCodeAt(index)
      if (state === "before" || state === "after") {
        if (state === "before" && code === openBracket) {
          state = "inside"
          from = index + 1
        } else if (!isSpace(code)) state = "invalid"
        continue
      }
      if (inString) {
        if (escaped) escaped = false
        else if (code === backslash) escaped = true
        else if (code === quote) inString = false
        continue
      }
      if (code === quote) inString = true
      else if (code === openBrace || code === openBracket) depth++
      else if (depth > 0 && (code === closeBrace || code === closeBracket)) depth--
      else if (depth === 0 && (code === comma || code === closeBracket)) {
        pieces.push(text.slice(from, index))
        const element = pieces.join("")
        pieces = []
        from = index + 1
        // Only `[]` closes on blank text; a blank element elsewhere (`[1,]`, `[,1]`) fails in JSON.parse.
        if (code === closeBracket) state = "after"
        if (code === comma || count > 0 || element.trim() !== "") {
          elements.push(element)
          count++
        }
      }
    }
    if (state === "inside" && from < text.length) pieces.push(text.slice(from))
    return elements
  }

  return {
    push: (chunk) => scan(decoder.decode(chunk, { stream: true })),
    finish: () => {
      scan(decoder.decode())
      if (state === "invalid" || state === "before") return "expected an array of cells"
      return state === "inside" ? "the body ends before the array does" : undefined
    }
  }
}
