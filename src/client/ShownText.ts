/**
 * Text from outside docsweep (a service's reply, `meta.error`, a file name) as it may be shown on a terminal or in
 * a text log: one line, with every control character made visible (`\x1b`, `\n`, `\u202e`). It can then neither
 * clear the screen, move the cursor, set the window title, reorder what follows (bidi overrides) nor start a line
 * of its own that would read as docsweep's (`run #1 completed (exit 0)`).
 */
const isControl = (code: number): boolean =>
  code <= 0x1f ||
  (code >= 0x7f && code <= 0x9f) ||
  code === 0x2028 ||
  code === 0x2029 ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069)

const visible = (char: string): string => {
  if (char === "\n") return "\\n"
  if (char === "\r") return "\\r"
  if (char === "\t") return "\\t"
  const code = char.charCodeAt(0)
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`
}

// A loop over code units rather than a regular expression: a character class of control characters is what the
// linter rightly flags as a likely mistake, and these are all single UTF-16 code units.
export const shownText = (text: string): string => {
  let shown = ""
  for (const char of text) shown += isControl(char.charCodeAt(0)) ? visible(char) : char
  return shown
}

/** Each line of a message of docsweep's own (which may span lines) made safe the same way. */
export const shownLines = (text: string): string => text.split("\n").map(shownText).join("\n")
