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

/** A page that begins inside a piece of text: at this offset, page `page` starts. */
type PageStart = readonly [number, number]

interface Unit {
  readonly text: string
  readonly page: number
  /** Pages that begin inside the unit (a sentence that runs onto the next page). */
  readonly starts: ReadonlyArray<PageStart>
  readonly paragraph: number
  readonly heading: boolean
}

interface PageParagraph extends Paragraph {
  readonly page: number
  readonly starts: ReadonlyArray<PageStart>
}

/**
 * Paragraphs of all pages in order, running headers and footers removed. A paragraph that a page break cut in two
 * (no closing punctuation before the break) is joined back; it records where the next page begins inside it.
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
      if (continues) {
        const starts: Array<PageStart> = [...previous.starts, [previous.text.length + 1, pageIndex + 1]]
        out[out.length - 1] = { ...previous, text: `${previous.text} ${para.text}`, starts }
      } else out.push({ ...para, page: pageIndex + 1, starts: [] })
    })
  })
  return out
}

/** The page at `offset` of a paragraph, and the pages that begin inside [from, to), relative to `from`. */
const pagesWithin = (para: PageParagraph, from: number, to: number) => {
  let page = para.page
  const starts: Array<PageStart> = []
  for (const [at, begins] of para.starts) {
    if (at <= from) page = begins
    else if (at < to) starts.push([at - from, begins])
  }
  return { page, starts }
}

/** Sentence-sized units of all pages, long sentences cut at word boundaries. */
const units = (pages: ReadonlyArray<string>): Array<Unit> => {
  const out: Array<Unit> = []
  paragraphs(pages).forEach((para, paragraph) => {
    const sentences = para.heading ? [{ text: para.text, start: 0 }] : splitSentences(para.text)
    for (const sentence of sentences) {
      let from = sentence.start
      for (const piece of cutLong(sentence.text)) {
        const at = para.text.indexOf(piece, from)
        const start = at < 0 ? from : at
        out.push({ text: piece, ...pagesWithin(para, start, start + piece.length), paragraph, heading: para.heading })
        from = start + piece.length
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

/** The window's text and where pages after its first one begin in it. */
const join = (window: ReadonlyArray<Unit>): { readonly text: string; readonly starts: Array<PageStart> } => {
  let text = ""
  let page = window[0]?.page ?? 1
  const starts: Array<PageStart> = []
  let previous: Unit | undefined
  for (const unit of window) {
    if (previous !== undefined) text += previous.paragraph === unit.paragraph ? " " : "\n"
    if (unit.page !== page) starts.push([text.length, unit.page])
    for (const [at, begins] of unit.starts) starts.push([text.length + at, begins])
    page = unit.starts[unit.starts.length - 1]?.[1] ?? unit.page
    text += unit.text
    previous = unit
  }
  return { text, starts }
}

/**
 * Splits a document's pages into overlapping, sentence-aligned passages of about 400–800 characters. A heading
 * starts a new passage, so a clause and its title stay together. Each passage keeps the page it starts on and
 * where later pages begin inside it, so that a quote cites the page it stands on.
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
    const { text, starts } = join(window)
    passages.push({
      documentId,
      page: first.page,
      index: passages.length,
      text,
      ...(starts.length > 0 ? { pageStarts: starts } : {})
    })
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
