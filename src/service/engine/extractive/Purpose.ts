import type { EngineDocument } from "../AnswerEngine.js"
import type { DocumentSentence } from "./DocumentSentences.js"
import type { PassageIndex } from "./PassageIndex.js"

const documentNoun = "(?:agreement|contract|amendment|lease|licen[cs]e|arrangement|deal|document|nda|mou)"

/**
 * "What is the purpose of this agreement?", "Why was this contract signed?", "What is the agreement for?": a question
 * about the whole document, which its recitals answer, not any sentence that happens to say "purpose" ("for quorum
 * purposes", "ratified and confirmed for all purposes").
 */
export const purposeQuestion = new RegExp(
  [
    `\\b(?:purpose|aim|objective|goal|point|reason|rationale)s?\\s+(?:of|for|behind)\\s+(?:this|the|these|each|our|that)\\s+(?:\\w+\\s+)?${documentNoun}s?\\b`,
    `\\bwhy\\s+(?:was|were|is|are|did|do)\\s+(?:this|the|these|they|we|it)\\b[^?]{0,40}\\b(?:made|signed|entered|executed|written|agreed?|needed|concluded)\\b`,
    `\\bwhat\\s+(?:is|are|was)\\s+(?:this|the|these)\\s+(?:\\w+\\s+)?${documentNoun}s?\\s+for\\b`
  ].join("|"),
  "i"
)

/**
 * The document says what it is for: "The purpose of this Agreement is to promote …", or defines it ("… a possible
 * investment by Tessera in Orchid (the "Purpose")").
 */
const statedPurpose = new RegExp(
  `\\b(?:purposes?|objectives?|aims?|intent)\\s+of\\s+this\\s+(?:[\\w-]+\\s+){0,3}?${documentNoun}\\s+(?:is|are|shall\\s+be|will\\s+be)\\b|\\(\\s*(?:the\\s+)?["“](?:business\\s+|permitted\\s+)?purpose["”]\\s*\\)`,
  "i"
)
/**
 * "WHEREAS, …", "(B) WHEREAS …", "The parties wish to …": a recital, which says why the parties contract ("The
 * parties agree as follows" says no more than that they do).
 */
const recital =
  /^\W*(?:\(?[A-Za-z0-9]{1,3}[.)]\s+)?whereas\b|^\W*(?:the\s+)?parties\s+(?:hereto\s+)?(?:wish|desire|intend|seek)\s+to\b/i
/** "A. Client is a multi-channel retailer …", "(B) Halbrook answered …": a recital lettered instead of "WHEREAS". */
const lettered = /^\W*\(?[A-H][.)]\s+\S/
/** The heading recitals stand under when they are lettered ("RECITALS", "BACKGROUND", "Preamble"). */
const recitalsHeading = /^\W*(?:recitals?|background|preamble|premises|witnesseth)\b\W*(?=$|\(?[A-H][.)]\s)/i
/** Where the clauses begin: "NOW, THEREFORE, …", "… agree as follows:". */
const operative = /\bnow,?\s+therefore\b|\bagrees?\s+as\s+follows\b|\bhereby\s+agree\b/i
/** A recital of what the parties want ("the parties desire to enter into …") says the purpose itself. */
const intent = /\b(?:desires?|wish(?:es)?|intends?|seeks?|wants?|agreed?)\s+to\b/i
/** Recitals come before the clauses: looked for among a document's first sentences only. */
const recitalsWithin = 80
/** Recitals run long (each party's business, the deal's background); longer ones are no statement of purpose. */
const maxChars = 1200

/**
 * What a document says it is for, in document order: the sentences stating its purpose, else its recitals, those
 * stating what the parties want first; empty when it says neither (the caller then summarises it).
 */
export const purposeSentences = (
  index: PassageIndex,
  document: EngineDocument,
  count: number
): Array<DocumentSentence> => {
  const all = readable(index, document)
  const stated = all.filter((sentence) => statedPurpose.test(sentence.text))
  const recitals = recitalsOf(all.slice(0, recitalsWithin))
  const wanted = stated.length > 0 ? stated : recitals
  const ranked = [...wanted.filter((s) => intent.test(s.text)), ...wanted.filter((s) => !intent.test(s.text))]
  return ranked.slice(0, count).sort((a, b) => a.order - b.order)
}

/** A document's sentences short enough to state a purpose. */
const readable = (index: PassageIndex, document: EngineDocument) =>
  index.sentences(document.id).filter((sentence) => sentence.text.length <= maxChars)

/**
 * A document's recitals among its first sentences: "WHEREAS …" anywhere there, lettered ones ("A. Client is …") only
 * under a heading that names them and before the clauses begin.
 */
const recitalsOf = (first: ReadonlyArray<DocumentSentence>): Array<DocumentSentence> => {
  const headed = first.findIndex((sentence) => recitalsHeading.test(sentence.text))
  const clausesAt = first.findIndex((sentence, i) => i > headed && operative.test(sentence.text))
  return first.filter(
    (sentence, i) =>
      recital.test(sentence.text) ||
      (headed >= 0 &&
        i >= headed &&
        (clausesAt < 0 || i < clausesAt) &&
        lettered.test(sentence.text.replace(recitalsHeading, "")))
  )
}

/** The recital that says what the parties want, else the first recital: what a document is about, in its words. */
export const leadRecital = (index: PassageIndex, document: EngineDocument): DocumentSentence | undefined => {
  const recitals = recitalsOf(readable(index, document).slice(0, recitalsWithin))
  return recitals.find((sentence) => intent.test(sentence.text)) ?? recitals[0]
}
