/**
 * Text from outside docsweep (a service's reply, `meta.error`, a file name) as it may be shown on a terminal or in
 * a text log: one line, with every control character made visible (`\x1b`, `\n`, `\u202e`). It can then neither
 * clear the screen, move the cursor, set the window title, reorder what follows (bidi overrides) nor start a line
 * of its own that would read as docsweep's (`run #1 completed (exit 0)`).
 */
const control = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

const visible = (char: string): string => {
  if (char === "\n") return "\\n"
  if (char === "\r") return "\\r"
  if (char === "\t") return "\\t"
  const code = char.charCodeAt(0)
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`
}

export const shownText = (text: string): string => text.replace(control, visible)

/** Each line of a message of docsweep's own (which may span lines) made safe the same way. */
export const shownLines = (text: string): string => text.split("\n").map(shownText).join("\n")
