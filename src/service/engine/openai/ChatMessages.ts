import type { AnswerRequest, HistoryTurn } from "../AnswerEngine.js"
import { type ContextPassage, estimateTokens, formatPassage } from "./SelectContext.js"

/** One message of an OpenAI chat completion request. */
export interface ChatMessage {
  readonly role: "system" | "user" | "assistant"
  readonly content: string
}

const systemPrompt = [
  "You answer questions about documents using only the context passages below.",
  "Each passage is labelled [filename, p. N] with the document and the page it comes from.",
  "Answer only from the context; never use outside knowledge.",
  "Give the short answer first, then quote the supporting text and give its page (p. N).",
  "If the context does not contain the answer, say: No clause found."
].join("\n")

const contextBlock = (passages: ReadonlyArray<ContextPassage>): string =>
  passages.length === 0 ? "Context: (no passages)" : `Context:\n\n${passages.map(formatPassage).join("\n\n")}`

const instructions = (request: AnswerRequest): ReadonlyArray<string> => [
  ...(request.language !== undefined ? [`Answer in ${request.language}.`] : []),
  ...(request.columnName !== undefined ? [`The answer fills the table column "${request.columnName}".`] : [])
]

// A cut earlier answer is only worth sending when it leaves room for real text.
const minUsefulTokens = 50

/**
 * The latest turns that fit `budgetTokens`, oldest first: a long session must not outgrow the model's context.
 * The newest turn that does not fit whole has its answer cut to the rest of the budget; older ones are left out.
 */
export const recentHistory = (
  history: ReadonlyArray<HistoryTurn>,
  budgetTokens: number
): ReadonlyArray<HistoryTurn> => {
  const kept: Array<HistoryTurn> = []
  let remaining = budgetTokens
  for (const turn of [...history].reverse()) {
    const cost = estimateTokens(turn.query) + estimateTokens(turn.response)
    if (cost <= remaining) {
      kept.push(turn)
      remaining -= cost
      continue
    }
    const room = remaining - estimateTokens(turn.query)
    if (room >= minUsefulTokens) kept.push({ query: turn.query, response: `${turn.response.slice(0, room * 4 - 1)}…` })
    break
  }
  return kept.reverse()
}

/**
 * The messages of one completion: the rules and the context in a single leading system message (several chat
 * templates of local servers reject a system message after the first), then the session's earlier turns, then
 * the query. The history is bounded by `historyTokens` (latest turns first).
 */
export const buildMessages = (
  request: AnswerRequest,
  passages: ReadonlyArray<ContextPassage>,
  historyTokens: number
): ReadonlyArray<ChatMessage> => [
  { role: "system", content: [systemPrompt, ...instructions(request), "", contextBlock(passages)].join("\n") },
  ...recentHistory(request.history, historyTokens).flatMap(
    (turn): ReadonlyArray<ChatMessage> => [
      { role: "user", content: turn.query },
      { role: "assistant", content: turn.response }
    ]
  ),
  { role: "user", content: request.query }
]
