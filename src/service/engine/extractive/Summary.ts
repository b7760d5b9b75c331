import type { EngineDocument } from "../AnswerEngine.js"
import { quoteLine } from "./AnswerText.js"
import type { DocumentSentence } from "./DocumentSentences.js"
import { parseNumberWords } from "./NumberWords.js"
import { agreementMade, type PassageIndex } from "./PassageIndex.js"
import { leadRecital, purposeQuestion, purposeSentences } from "./Purpose.js"
import { riskSummary } from "./Risks.js"
import { terms } from "./Terms.js"
import { pickDistinct, quotable, rankByCentrality } from "./TextRank.js"

/** What a summary question asks for. */
interface SummaryRequest {
  readonly focus: "document" | "risks" | "purpose"
  /** Sentences per document: as many as the question says, else a default. */
  readonly count: number | undefined
  /** "Summarize the indemnities": the stems of what to summarise; empty for the whole document. */
  readonly topic: ReadonlyArray<string>
}

const documentNoun =
  "(?:document|agreement|contract|lease|letter|report|memo|nda|deal|file|text|amendment|licen[cs]e|it|this|these|them|each|all)"
const summaryWords =
  /\b(?:summari[sz]e|summary|summari[sz]ing|overview|gist|synopsis|recap|tl;?\s?dr|key\s+(?:points|terms|takeaways)|main\s+(?:points|terms|provisions|ideas))\b/i
const aboutQuestion = new RegExp(
  `\\bwhat\\s+(?:is|'s|are)\\s+(?:this|the|these|it)\\s*(?:\\w+\\s+)?about\\b|\\bwhat\\s+does\\s+(?:this|the|it)\\s*(?:\\w+\\s+)?(?:cover|do)\\b|^\\s*(?:please\\s+)?(?:describe|explain)\\s+(?:this|the|these|it)\\s*${documentNoun}?s?\\s*[?.!]?\\s*$`,
  "i"
)
const riskQuestion =
  /\b(?:main|key|major|biggest|principal|significant|material|top|primary|greatest|what|which|any)\b[^?.]{0,40}\brisks\b|\bred\s+flags?\b|\brisks?\s+(?:for|to)\s+(?:us|me|the\s+\w+)\b|^\s*(?:main\s+|key\s+)?risks?\s*\??\s*$/i
const numberWord = "(one|two|three|four|five|six|seven|eight|nine|ten|a|a\\s+single|\\d{1,2})"
const countPattern = new RegExp(
  `\\b(?:in|into|with|using|as|give\\s+me|list)\\s+${numberWord}\\s+(?:short\\s+|brief\\s+|key\\s+)?(?:sentences?|lines?|bullets?|bullet\\s+points|points|paragraphs?)\\b|\\b${numberWord}\\s+(?:main\\s+|key\\s+|biggest\\s+)?risks\\b`,
  "i"
)
/** Words of a summary question that say "summarise", not what. */
const requestWords = new Set(
  terms(
    "summarize summarise summary overview gist synopsis recap key main points terms provisions ideas takeaways " +
      "give brief short sentence sentences line lines bullet bullets paragraph document agreement contract lease " +
      "letter report memo deal file text please describe explain about cover one two three four five six seven " +
      "eight nine ten single what is are does do the this these tell me us can could you"
  )
)

const countOf = (question: string): number | undefined => {
  const m = countPattern.exec(question)
  const word = (m?.[1] ?? m?.[2])?.toLowerCase().replace(/\s+/g, " ")
  if (word === undefined) return undefined
  if (word === "a" || word === "a single") return 1
  const n = /^\d+$/.test(word) ? Number(word) : parseNumberWords(word)
  return n === undefined ? undefined : Math.max(1, Math.min(10, n))
}

/** The summary a question asks for, or undefined when it asks something else. */
export const summaryRequest = (question: string): SummaryRequest | undefined => {
  if (riskQuestion.test(question) && !/\brisk\s+of\s+loss\b/i.test(question)) {
    return { focus: "risks", count: countOf(question), topic: [] }
  }
  if (purposeQuestion.test(question)) return { focus: "purpose", count: countOf(question), topic: [] }
  if (!summaryWords.test(question) && !aboutQuestion.test(question)) return undefined
  const topic = terms(question.replace(countPattern, " ")).filter((term) => !requestWords.has(term))
  return { focus: "document", count: countOf(question), topic }
}

/** Sentences at the very top of a document (its title and preamble) say what it is: their centrality counts more. */
const leadWeight = (sentence: DocumentSentence) => 1 + Math.max(0, 8 - sentence.order) / 8

/**
 * Sentences every contract has, which LexRank finds central because they share the document's commonest words, and
 * which say nothing about this one: precedence between its parts, terms defined elsewhere, counterparts, headings.
 */
const boilerplate =
  /\bin\s+the\s+event\s+of\s+(?:a|any)\s+(?:conflict|inconsisten\w*)\b|\b(?:shall\s+)?ha(?:ve|s)\s+the\s+(?:same\s+)?meanings?\s+(?:given|assigned|set\s+forth|as)\b|\bwhen\s+used\s+herein\b|\bcounterparts\b|\bentire\s+agreement\b|\bseverab\w*|\bheadings?\b[^.;]{0,40}\b(?:convenience|reference)\b|\bPage\s+\d+\b/i
/** A definition ("“Registered Opportunity” shall mean …") says what a word means, not what the document does. */
const definition =
  /^\W*(?:[\w()]{1,4}[.)]\s+)?["“][^"”]{1,80}["”][^.;"“]{0,60}?\s(?:shall\s+)?(?:mean|means|refers?\s+to|includes?|has\s+the\s+meaning)\b/i
/** A preamble runs long with addresses and descriptions of each party: quoted whole up to this length. */
const preambleChars = 900

/** How far into a document its preamble is looked for (a cover page or an agreement summary may come first). */
const preambleWithin = 120
/**
 * A document that defines itself before naming its parties: "TRANSFER AND SERVICING AGREEMENT, dated as of January 29,
 * 2020 (this "Agreement"), among …", with no "this" before its title (or "(this "Agreement" or "IPA"), effective as of
 * … among …").
 */
const definedBetween =
  '\\((?:this|the)\\s+["“](?:agreement|contract|amendment|lease|licen[cs]e)["”][^)]{0,30}\\)[^.;]{0,120}?\\b(?:by\\s+and\\s+)?(?:between|among)\\b'

/** "This Sponsorship Agreement … is made … by and between …": what the document is and who it binds. */
const preamble = new RegExp(`${agreementMade}\\b(?:between|among|by)\\b|${definedBetween}`, "i")
/**
 * The parties named first, then the contract: "JSC NOC KazakhOil, hereinafter referred to as the "Company", … and
 * JSC Karakudukmunay, … have entered into this Transportation Contract"; a letter agreement's "Alamogordo Financial
 * Corporation (the "Company") … hereby confirm, jointly and severally, their agreement with …". It must define the
 * parties' names, which "IN WITNESS WHEREOF, the parties have executed this Agreement" does not.
 */
const partiesFirst =
  /\b(?:have|has|hereby)\s+(?:enter(?:ed)?\s+into|made|conclude[ds]?|execute[ds]?|sign(?:ed)?)\s+this\s+(?:[\w-]+\s+){0,8}?(?:agreement|contract|amendment|lease|licen[cs]e)\b|\bhereby\s+confirms?,?\s+(?:[\w,]+\s+){0,4}?(?:their|its)\s+agreement\s+with\b/i
const namesParties = /\bhereinafter\b|\breferred\s+to\s+as\b|\(\s*(?:the\s+)?["“][^"”]{1,40}["”]\s*\)/i
const opensDocument = (text: string) =>
  preamble.test(text) || (partiesFirst.test(text) && namesParties.test(text) && !/\bin\s+witness\b/i.test(text))

/** The summary sentences of one document, in document order. */
const summarise = (index: PassageIndex, document: EngineDocument, request: SummaryRequest, count: number) => {
  const all = index.sentences(document.id)
  const prose = all.filter(quotable)
  // A lead-in ("At all times the Principal shall:") says what follows, not what it is.
  const plain = prose.filter(({ text }) => !boilerplate.test(text) && !definition.test(text) && !/:\s*$/.test(text))
  let candidates = plain.length >= count ? plain : prose
  if (request.topic.length > 0) {
    const onTopic = candidates.filter((sentence) => request.topic.some((stem) => sentence.stems.has(stem)))
    if (onTopic.length > 0) candidates = onTopic
  }
  // A document of headings and fragments only still gets its longest sentences rather than "not found".
  if (candidates.length === 0) candidates = [...all].sort((a, b) => b.text.length - a.text.length).slice(0, count)
  const ranked = rankByCentrality(candidates, index.idf)
    .map((item) => ({ sentence: item.sentence, value: item.centrality * leadWeight(item.sentence) }))
    .sort((a, b) => b.value - a.value || a.sentence.order - b.sentence.order)
    .map((item) => item.sentence)
  // A summary of the whole document opens with what it is and who it binds, when it says so near the top.
  const opening =
    request.topic.length === 0 && count > 1
      ? all
          .slice(0, preambleWithin)
          .find((sentence) => sentence.text.length <= preambleChars && opensDocument(sentence.text))
      : undefined
  // Then, where it has recitals, the one that says what the parties want ("Client wishes to engage Developer … to
  // design and develop a consumer mobile shopping application …").
  const recital = request.topic.length === 0 && count > 1 ? leadRecital(index, document) : undefined
  const lead = [opening, recital].filter((sentence): sentence is DocumentSentence => sentence !== undefined)
  const rest = [...lead, ...ranked.filter((sentence) => !lead.includes(sentence))]
  return pickDistinct(rest, count, index.idf).sort((a, b) => a.order - b.order)
}

const noRiskClauses =
  "No clause that limits liability, indemnifies, allows termination or sets penalties was found; what the document says:"

/**
 * An extractive summary: per document, its most central sentences (LexRank, see `TextRank`) in document order,
 * each quoted with its page; for "main risks", the central sentence of each kind of risk clause (see `Risks`).
 * Several documents are summarised one after another, each under its name.
 */
export const summaryText = (index: PassageIndex, request: SummaryRequest): string => {
  const many = index.documents.length > 1
  const parts = index.documents.map((document) => {
    const general = (count: number) => summarise(index, document, request, count).map(quoteLine)
    const sentences = request.count ?? (many ? 2 : 3)
    const body = (() => {
      switch (request.focus) {
        case "document":
          return general(sentences)
        case "purpose": {
          // What it says it is for, else what it is: a summary, never "not found" over a document with text.
          const purpose = purposeSentences(index, document, sentences).map(quoteLine)
          return purpose.length > 0 ? purpose : general(sentences)
        }
        case "risks": {
          const risks = riskSummary(index, document, request.count ?? (many ? 3 : 4))
          return risks.length > 0 ? risks : [noRiskClauses, ...general(request.count ?? 2)]
        }
      }
    })()
    const text = body.length === 0 ? ["The document has no text to summarise."] : body
    return many ? [`${document.filename}:`, ...text].join("\n\n") : text.join("\n\n")
  })
  return parts.join("\n\n")
}
