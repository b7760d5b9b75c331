/** An answer found inside a sentence: `text` is the short answer as shown, `start`/`end` locate it. */
export interface Span {
  readonly text: string
  readonly start: number
  readonly end: number
}

/** All matches of a global regex, mapped to spans; `toText` returns undefined to drop a match. */
export const matchSpans = (
  text: string,
  pattern: RegExp,
  toText: (match: RegExpExecArray) => string | undefined
): Array<Span> => {
  const out: Array<Span> = []
  for (const match of text.matchAll(pattern)) {
    const shown = toText(match)
    if (shown !== undefined) out.push({ text: shown, start: match.index, end: match.index + match[0].length })
  }
  return out
}

/** Spans that do not overlap an earlier (preferred) one, in text order. */
export const withoutOverlaps = (spans: ReadonlyArray<Span>): Array<Span> => {
  const kept: Array<Span> = []
  for (const span of spans) {
    if (!kept.some((other) => span.start < other.end && other.start < span.end)) kept.push(span)
  }
  return kept.sort((a, b) => a.start - b.start)
}
