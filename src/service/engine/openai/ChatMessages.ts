import type { AnswerRequest } from "../AnswerEngine.js"
import { type ContextPassage, formatPassage } from "./SelectContext.js"

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

/**
 * The messages of one completion: the rules and the context in a single leading system message (several chat
 * templates of local servers reject a system message after the first), then the session's earlier turns, then
 * the query.
 */
export const buildMessages = (
  request: AnswerRequest,
  passages: ReadonlyArray<ContextPassage>
): ReadonlyArray<ChatMessage> => [
  { role: "system", content: [systemPrompt, ...instructions(request), "", contextBlock(passages)].join("\n") },
  ...request.history.flatMap(
    (turn): ReadonlyArray<ChatMessage> => [
      { role: "user", content: turn.query },
      { role: "assistant", content: turn.response }
    ]
  ),
  { role: "user", content: request.query }
]
