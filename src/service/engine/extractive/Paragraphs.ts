/** A paragraph of a page after hard line wraps are undone; headings stand alone. */
export interface Paragraph {
  readonly text: string
  readonly heading: boolean
}

const listMarker =
  /^\s*(?:\(?(?:[a-z]|[ivx]{1,4}|\d{1,3})\)|\d{1,3}(?:\.\d{1,3})*\.\s|\d{1,3}(?:\.\d{1,3})+\s|[A-Z]\.\s|[-•*▪●◦]\s|#{1,6}\s|\|)/
/** A list item starts only after a line that could end one: "(1) year" after "for one" is a wrapped line. */
const itemCanFollow = /(?:[.:;!?)"”]|\b(?:and|or))\s*$/
const tableRow = /\S {3,}\S.* {3,}\S|^\s*\|/
/** A line that stops mid-sentence: on a lower-case word or a comma. */
const midSentence = /(?:\p{Ll}|,)\s*$/u
const sectionWord = /^\s*(?:ARTICLE|Article|SECTION|Section|SCHEDULE|Schedule|EXHIBIT|Exhibit)\s+[\dIVXA-Z]/
/** A line of a basic-terms table: "Commencement Date: the first (1st) day of May, 2022", "Tenant's Share: 6.2%". */
const fieldLine = /^\s*\p{Lu}[\p{L}'’-]*(?:\s+(?:\p{Lu}[\p{L}'’-]*|of|for|and|&)){0,4}\s*:\s*\S/u

/**
 * A line of a paragraph set in capitals, wrapped ("… NEITHER PARTY SHALL BE LIABLE FOR ANY CONSEQUENTIAL, SPECIAL OR
 * PUNITIVE", "LIABILITY UNDER THIS AGREEMENT SHALL NOT EXCEED THE"): long, and it states something, runs on past a
 * sentence's end, or stops on a word no heading ends with. A heading ("LIMITATION OF LIABILITY") does none of these.
 */
const capitalProse = (text: string): boolean =>
  text.length >= 50 &&
  (/\b(?:SHALL|WILL|MAY|MUST|IS|ARE|DOES|HEREBY)\b|[a-zA-Z]{3}\.\s+\S/.test(text) ||
    /\b(?:THE|OF|AND|OR|TO|A|AN|ANY|FOR|IN|BY|WITH|SUCH|THAT|NOT|AS|ITS|THEIR|FROM|ON|AT)$/.test(text) ||
    (text.length >= 65 && text.includes(",")))

/** A short line that names a section: all capitals, "ARTICLE 4", "12. Governing Law", a Markdown "#" line. */
const isHeading = (line: string): boolean => {
  const text = line.trim()
  if (text.length === 0 || text.length > 90) return false
  if (/^#{1,6}\s/.test(text)) return true
  const letters = text.replace(/[^\p{L}]/gu, "")
  if (letters.length >= 3 && letters === letters.toUpperCase() && !/[.;,]$/.test(text)) return !capitalProse(text)
  // "Section 2.2 Term" is a heading; "Section 2.2 The Services shall be provided for an initial period of" the first
  // line of a clause.
  if (sectionWord.test(text) && text.length <= 70 && !/[;,]$/.test(text))
    return !/[\p{Ll}\d,]\s*$/u.test(text) || text.split(/\s+/).length <= 6
  return /^\d{1,2}(?:\.\d{1,2})*\.?\s+\p{Lu}[^.;:]{0,50}\.?$/u.test(text) && text.split(/\s+/).length <= 7
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim()

/**
 * Splits a page into paragraphs: blank lines separate them; inside a block, lines are joined (PDF and plain-text
 * contracts wrap hard) unless the next line opens a list item or a section, or a table's next field, or the line
 * is itself a heading.
 */
export const splitParagraphs = (page: string): Array<Paragraph> => {
  const out: Array<Paragraph> = []
  for (const block of page.replace(/\r\n?/g, "\n").split(/\n[ \t\f\v]*\n/)) {
    let current = ""
    const flush = () => {
      const text = collapse(current)
      if (text.length > 0) out.push({ text, heading: isHeading(current) })
      current = ""
    }
    for (const line of block.split("\n")) {
      if (line.trim().length === 0) continue
      // A table row (columns set apart by runs of spaces, or Markdown pipes) stays a line of its own.
      if (tableRow.test(line)) {
        flush()
        current = line
        flush()
        continue
      }
      const item = listMarker.test(line) && itemCanFollow.test(current)
      // One field after another: each line is a field of its own, not a wrapped sentence.
      const field = fieldLine.test(line) && fieldLine.test(current)
      // "… obligations under / Section 13.1 or its liability …": a cross-reference wrapped to a new line, not a section.
      const reference = sectionWord.test(line) && midSentence.test(current)
      const section = sectionWord.test(line) && !reference
      if (current.length > 0 && (item || field || section || isHeading(current))) flush()
      else if (current.length > 0 && isHeading(line) && line.trim().length < 60 && !reference) flush()
      if (current.length === 0) current = line
      else current = /\p{Ll}-$/u.test(current) ? current + line.trimStart() : `${current} ${line.trimStart()}`
    }
    flush()
  }
  return out
}
