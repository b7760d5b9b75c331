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

/**
 * Control characters other than tab, CR and LF, made visible (`\x1b`): the data stays, but `cat report.csv` at a
 * terminal runs no escape sequence (no cleared screen, retitled window or hidden text).
 */
export const inertControls = (value: string): string => {
  let inert = ""
  for (const char of value) {
    const code = char.charCodeAt(0)
    const kept = code === 0x09 || code === 0x0a || code === 0x0d
    inert +=
      !kept && (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) ? `\\x${code.toString(16).padStart(2, "0")}` : char
  }
  return inert
}
