import type { EngineDocument } from "../AnswerEngine.js"
import { type DocumentSentence, sentencesOf } from "./DocumentSentences.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import { toRanked } from "./Ranking.js"

/** "What is the title of this agreement?", "Document name?", "Title?", "What is this contract called?" */
export const titleQuestion =
  /^\s*(?:the\s+)?(?:title|name)\s*\??\s*$|\b(?:agreement|contract|document)['’]s\s+(?:title|name)\b|\b(?:title|name)\s+of\s+(?:this|the)\s+(?:agreement|contract|document|lease|instrument)\b|\b(?:document|agreement|contract)\s+(?:name|title)\b|\bwhat\s+(?:is|'s)\s+(?:this|the)\s+(?:\w+\s+)?(?:called|titled|named|entitled)\b|\bwhat\s+kind\s+of\s+(?:agreement|contract|document)\b/i

const noun =
  "(?:AGREEMENT|CONTRACT|LEASE|AMENDMENT|LICENSE|LICENCE|CERTIFICATE|ADDENDUM|MEMORANDUM|PLAN|DEED|INDENTURE|NOTE|TERMS|UNDERTAKING|GUARANTY|GUARANTEE|CHARTER|PROTOCOL)"
const word = "[A-Z][A-Z0-9'’&.-]*"
/** A title printed in capitals: up to seven capitalised words and a document noun ("SECOND AMENDMENT TO … AGREEMENT"). */
const capitalTitle = new RegExp(
  `(?:${word}\\s+){0,7}${noun}(?:\\s+(?:NO\\.\\s*\\d+\\s+)?(?:TO|OF|FOR)\\s+(?:THE\\s+)?(?:${word}\\s+){0,5}(?:AGREEMENT|CONTRACT|LEASE|LICENSE|LICENCE))?\\b`,
  "g"
)
const titleNoun =
  "(?:Agreement|Contract|Lease|Amendment|Licen[cs]e|Addendum|Memorandum|Plan|Deed|Indenture|Guaranty|Guarantee)"
/** A heading in title case on a line of its own: "Master Services Agreement", "Co-Branding and Hosting Agreement". */
const titleCaseLine = new RegExp(
  `^((?:[A-Z][\\w'’&.-]*\\s+(?:(?:and|of|for|to|the|&)\\s+)*){0,9}${titleNoun})(?:\\s+(?:of|for|to)\\s+(?:[A-Z][\\w'’&.-]*\\s*){1,5})?$`
)
/** Else the name the opening sentence gives it: "This Co-Branding Agreement (this "Agreement") …". */
const namedTitle = new RegExp(
  `\\b(?:This|THIS|The|THE)\\s+((?:[A-Z][\\w'’&-]*\\s+(?:(?:and|of|for|&)\\s+)?){1,8}${titleNoun})\\b`
)
/** A document noun alone on its line ("AGREEMENT"): a title only when nothing longer is found. */
const bareTitle = new RegExp(`^${noun}$`)

/** Words that open a sentence rather than a title ("THIS AGREEMENT"). */
const notTitle = /^(?:(?:THIS|THE|SUCH|SAID|EACH|ANY)\s+)+/

/** Passages read for the title: only the opening of a document is split. */
const openingPassages = 6
/** How far into a document its title may stand (characters of its opening sentences). */
const openingChars = 2500

const titleIn = (text: string): string | undefined => {
  for (const m of text.matchAll(capitalTitle)) {
    const title = m[0].replace(notTitle, "").trim()
    if (title.split(/\s+/).length >= 2) return title
  }
  const line = text.trim()
  return (titleCaseLine.exec(line)?.[0] ?? namedTitle.exec(text)?.[1])?.trim()
}

/**
 * The document's title from its opening: a heading in capitals or in title case, else the name its first sentence
 * gives it, else a document noun alone on its line ("AGREEMENT").
 */
export const answerTitle = (index: PassageIndex, document: EngineDocument): Found | undefined => {
  const opening: Array<DocumentSentence> = []
  let size = 0
  const first = index.passages.filter((entry) => entry.document.id === document.id).slice(0, openingPassages)
  for (const sentence of sentencesOf(first)) {
    if (size > openingChars) break
    opening.push(sentence)
    size += sentence.text.length
  }
  const at = opening.findIndex((s) => titleIn(s.text) !== undefined)
  const sentence = opening[at] ?? opening.find((s) => bareTitle.test(s.text.trim()))
  if (sentence === undefined) return letterTitle(opening)
  const title = titleIn(sentence.text) ?? sentence.text.trim()
  const before = at > 0 ? (titleStart(opening[at - 1], sentence, title) ?? namedAbove(opening, at, title)) : undefined
  return {
    short: before === undefined ? title : `${before} ${title}`,
    sentence: toRanked(sentence),
    at: sentence.text.indexOf(title)
  }
}

/** A capitals line that stops mid-phrase ("AMENDED AND RESTATED", "FIRST AMENDMENT TO"): the title's first line. */
const openLine = /^(?:[A-Z][A-Z0-9'’&.-]*\s+){0,5}(?:RESTATED|AND|TO|OF|FOR|THE|&)$/

/** The title's first line when the title is printed over two lines, the line right above it (no blank line between). */
const titleStart = (
  previous: DocumentSentence | undefined,
  sentence: DocumentSentence,
  title: string
): string | undefined => {
  if (previous === undefined || !sentence.text.startsWith(title) || !lineAbove(previous, sentence)) return undefined
  const line = previous.text.trim()
  return openLine.test(line) ? line : undefined
}

/** How many lines above a title's last line may be its first ones. */
const linesAbove = 3
const spaced = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase()

/**
 * A title printed over lines that each look whole ("EXCLUSIVE SALES REPRESENTATIVE" above "AGENCY AGREEMENT"): the
 * capital lines right above it, as many as the opening then names with it ("THIS EXCLUSIVE SALES REPRESENTATIVE
 * AGENCY AGREEMENT (the "Agreement") …"); none where the opening does not say so.
 */
const namedAbove = (opening: ReadonlyArray<DocumentSentence>, at: number, title: string): string | undefined => {
  const later = spaced(
    opening
      .slice(at + 1)
      .map((s) => s.text)
      .join(" ")
  )
  let lines: Array<string> = []
  let found: string | undefined
  for (let i = at; i > 0 && at - i < linesAbove; i--) {
    const previous = opening[i - 1]
    const current = opening[i]
    if (previous === undefined || current === undefined || !lineAbove(previous, current)) break
    lines = [previous.text.trim(), ...lines]
    const whole = `${lines.join(" ")} ${title}`
    if (later.includes(spaced(whole))) found = lines.join(" ")
  }
  return found
}

/** A capital line right above another. */
const lineAbove = (previous: DocumentSentence, sentence: DocumentSentence): boolean => {
  const end = previous.start + previous.text.length
  // In one passage, a line break between; else the last line of one passage and the first of the next.
  const adjacent =
    previous.entry === sentence.entry
      ? /^[ \t]*\n[ \t]*$/.test(sentence.entry.passage.text.slice(end, sentence.start))
      : sentence.position === 0 && previous.entry.passage.text.slice(end).trim() === ""
  const line = previous.text.trim()
  return adjacent && line === line.toUpperCase() && /\p{Lu}{2}/u.test(line)
}

/** A letter that calls itself one: "This letter agreement (this "Letter Agreement") sets forth …". */
const letterAgreement = /\b(?:This|THIS)\s+(letter\s+agreement|letter)\b/i
/** A letter's subject line: "Re: Endorsement and Promotional Services". */
const subjectLine = /^\s*(?:Re|RE|Subject)\s*:\s*(\S.{2,90}?)\s*$/

/** A letter agreement, which has no heading: "Letter agreement (Re: Endorsement and Promotional Services)". */
const letterTitle = (opening: ReadonlyArray<DocumentSentence>): Found | undefined => {
  const sentence = opening.find((s) => letterAgreement.test(s.text))
  if (sentence === undefined) return undefined
  const kind = (letterAgreement.exec(sentence.text)?.[1] ?? "letter").toLowerCase()
  const subject = opening.map((s) => subjectLine.exec(s.text)?.[1]).find((line) => line !== undefined)
  const name = `${kind.slice(0, 1).toUpperCase()}${kind.slice(1)}`
  return {
    short: subject === undefined ? name : `${name} (Re: ${subject})`,
    sentence: toRanked(sentence),
    at: sentence.text.search(letterAgreement)
  }
}
