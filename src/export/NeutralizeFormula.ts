/**
 * Spreadsheet programs run a cell that starts with one of these as a formula (CSV injection). OWASP's guidance
 * (https://owasp.org/www-community/attacks/CSV_Injection): prefix such a value with a single quote, which makes
 * Excel and LibreOffice show it as text. The full-width forms (＝ ＋ － ＠) are included because Apple Numbers
 * normalises them to their ASCII forms (as csv-stringify's own `escape_formulas` notes).
 */
const formulaStart = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/

/** Prefixes a formula-looking value with `'` unless formulas are allowed (`output.allow_formulas`). */
export const neutralizeFormula = (value: string, allow: boolean): string =>
  allow || !formulaStart.test(value) ? value : `'${value}`

// C0 and C1 control characters other than tab, LF and CR.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for
const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g

/**
 * Control characters other than tab, CR and LF, made visible (`\x1b`): the data stays, but `cat report.csv` at a
 * terminal runs no escape sequence (no cleared screen, retitled window or hidden text), and an HTML report shows
 * an answer's ANSI escape as text. The test comes first because nearly no value holds one, and 100,000 answers
 * pass here.
 */
export const inertControls = (value: string): string => {
  controls.lastIndex = 0
  return controls.test(value)
    ? value.replace(controls, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`)
    : value
}
