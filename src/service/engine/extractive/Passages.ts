import type { Passage } from "../AnswerEngine.js"
import { stripPageFurniture } from "./PageFurniture.js"
import { type Paragraph, splitParagraphs } from "./Paragraphs.js"
import { splitSentences } from "./Sentences.js"

/** Passage sizes in characters: windows close past `target`, never grow past `max` unless one sentence does. */
const target = 600
const max = 800
/** A window closed for size repeats its last sentence when that sentence is at most this long. */
const overlap = 220
/** A heading opens a new passage once the current one holds this much. */
const sectionMin = 150

interface Unit {
  readonly text: string
  readonly page: number
  readonly paragraph: number
  readonly heading: boolean
}

interface PageParagraph extends Paragraph {
  readonly page: number
}

/**
 * Paragraphs of all pages in order, running headers and footers removed. A paragraph that a page break cut in two
 * (no closing punctuation before the break) is joined back and keeps the page it started on.
 */
const paragraphs = (pages: ReadonlyArray<string>): Array<PageParagraph> => {
  const out: Array<PageParagraph> = []
  stripPageFurniture(pages).forEach((page, pageIndex) => {
    splitParagraphs(page).forEach((para, i) => {
      const previous = out[out.length - 1]
      const continues =
        i === 0 &&
        previous !== undefined &&
        !previous.heading &&
        !para.heading &&
        !/[.:;!?"”)]$/.test(previous.text) &&
        !/^(?:\(?[a-z0-9]{1,3}[.)]|[-•*])\s/.test(para.text)
      if (continues) out[out.length - 1] = { ...previous, text: `${previous.text} ${para.text}` }
      else out.push({ ...para, page: pageIndex + 1 })
    })
  })
  return out
}

/** Sentence-sized units of all pages, long sentences cut at word boundaries. */
const units = (pages: ReadonlyArray<string>): Array<Unit> => {
  const out: Array<Unit> = []
  paragraphs(pages).forEach((para, paragraph) => {
    const sentences = para.heading ? [{ text: para.text }] : splitSentences(para.text)
    for (const sentence of sentences) {
      for (const piece of cutLong(sentence.text)) {
        out.push({ text: piece, page: para.page, paragraph, heading: para.heading })
      }
    }
  })
  return out
}

const cutLong = (text: string): Array<string> => {
  if (text.length <= max) return [text]
  const pieces: Array<string> = []
  let rest = text
  while (rest.length > max) {
    const cut = rest.lastIndexOf(" ", target)
    const at = cut > target / 2 ? cut : target
    pieces.push(rest.slice(0, at).trim())
    rest = rest.slice(at).trim()
  }
  if (rest.length > 0) pieces.push(rest)
  return pieces
}

const join = (window: ReadonlyArray<Unit>): string => {
  let text = ""
  let previous: Unit | undefined
  for (const unit of window) {
    if (previous !== undefined) text += previous.paragraph === unit.paragraph ? " " : "\n"
    text += unit.text
    previous = unit
  }
  return text
}

/**
 * Splits a document's pages into overlapping, sentence-aligned passages of about 400–800 characters. A heading
 * starts a new passage, so a clause and its title stay together. Each passage keeps the page it starts on.
 */
export const splitPassages = (documentId: number, pages: ReadonlyArray<string>): ReadonlyArray<Passage> => {
  const passages: Array<Passage> = []
  let window: Array<Unit> = []
  let size = 0
  // Units in the window that no earlier passage holds; a window of only a carried sentence is not emitted.
  let fresh = 0
  const emit = (carry: boolean) => {
    const first = window[0]
    if (first === undefined || fresh === 0) {
      if (!carry) window = []
      size = window.length === 0 ? 0 : size
      return
    }
    passages.push({ documentId, page: first.page, index: passages.length, text: join(window) })
    const last = window[window.length - 1]
    window = carry && last !== undefined && last.text.length <= overlap && window.length > 1 ? [last] : []
    size = window.reduce((sum, unit) => sum + unit.text.length + 1, 0)
    fresh = 0
  }
  for (const unit of units(pages)) {
    if (unit.heading && size >= sectionMin) emit(false)
    else if (size > 0 && size + unit.text.length > max) emit(true)
    window.push(unit)
    size += unit.text.length + 1
    fresh += 1
    if (size >= target && !unit.heading) emit(true)
  }
  emit(false)
  return passages
}
