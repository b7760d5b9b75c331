import { coreQuestion } from "./Instructions.js"

/** What shape of answer a question asks for. */
export type AnswerKind = "date" | "money" | "duration" | "party" | "law" | "yesno" | "number" | "text"

export const answerKinds: ReadonlyArray<AnswerKind> = [
  "date",
  "money",
  "duration",
  "party",
  "law",
  "yesno",
  "number",
  "text"
]

/** Requests phrased as questions to the assistant ("Can you tell me…") are not yes/no questions. */
const politeRequest =
  /^(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:tell|give|list|show|find|say|summari[sz]e|explain|identify)\b/i
const yesNoOpening = /^(?:does|do|did|is|are|was|were|can|could|may|might|will|would|shall|should|has|have|had|must)\b/i

const strongDuration =
  /\b(?:how\s+(?:long|quickly|soon|fast|promptly)|how\s+many\s+(?:calendar\s+|business\s+|working\s+)?(?:hours|days|weeks|months|years)|how\s+much\s+(?:advance\s+|prior\s+|written\s+)?(?:notice|time|paid\s+time\s+off|vacation|pto|leave)|how\s+far\s+in\s+advance|what\s+(?:advance\s+|prior\s+|written\s+)?notice\b|notice\s+period|within\s+what\s+(?:period|time)|payment\s+terms?)\b/i
const weakDuration =
  /\b(?:what\s+(?:is\s+the\s+)?(?:period|duration|length|lead\s+time)|lead\s+time|cure\s+period|(?:initial|renewal|subscription|lease|contract|agreement|non-?compete|non-?solicitation|warranty|confidentiality|survival|probation(?:ary)?|vesting|retention)(?:'s)?\s+(?:term|period|duration|length)s?|^\s*(?:the\s+)?(?:term|duration)(?=\s*\??\s*$)|\b(?:term|period|duration|length)\s+of\s+(?:the\s+)?(?:confidentiality|non-?compete|non-?competition|non-?solicitation|exclusivity|warranty|licen[cs]e|lease|restrict\w*)\b|term\s+of\s+(?:the|this)\s+(?:agreement|lease|contract))\b/i

/** Questions about reasons, manner or content want sentences, whatever figures they mention. */
const explanation =
  /^\s*(?:why|how\s+(?!long|many|much|far|soon|often|quickly|fast|promptly)\w+|what\s+(?:drove|drives|caused|causes|happens|happened|led|explains)|describe|explain|summari[sz]e|outline|list)\b/i

const rules: ReadonlyArray<readonly [AnswerKind, RegExp]> = [
  [
    "party",
    /^\s*(?:who|whom|whose)\b|^\s*(?:list|name|identify|give)\s+(?:all\s+)?(?:of\s+)?the\s+(?:parties|signatories)\b/i
  ],
  ["text", explanation],
  [
    "law",
    /\b(?:govern(?:ing|ed|s)?\s+law|law\s+govern|governed|(?:under|subject\s+to)\s+(?:the\s+)?(?:(?:(?!the\b)[\w.'-]+\s+){1,3}laws?\b|laws?\s+of\b)|which\s+(?:state|country|jurisdiction)(?:'s)?\s+laws?|\b(?:state|country|jurisdiction|province)(?:'s)?\s+(?:or\s+\w+(?:'s)?\s+)?laws?\b|\blaws?\s+(?:apply|applies|of\s+which)\b|whose\s+laws?|choice\s+of\s+law|jurisdiction|venue|which\s+courts?|what\s+courts?|where\b.*\b(?:disputes?|litigat|arbitrat|court|sue|brought|resolved|heard))/i
  ],
  [
    "number",
    /\b(?:percent(?:age)?|what\s+(?:\w+\s+)?rate|interest\s+rate|margin|growth|uptime|availability\s+commitment|discount|interest|escalat\w*|increase\s+cap|(?:price|rent|fee|rate)\s+(?:increase|adjustment)s?)\b|%/i
  ],
  ["duration", strongDuration],
  // "How much is paid and when?" asks for the amount first; its quote says when.
  ["money", /^\s*how\s+much\b/i],
  [
    "date",
    /\b(?:when|what\s+(?:\w+\s+){0,3}date|which\s+date|on\s+what\s+day|dated|deadline|by\s+what\s+date|what\s+day|(?:start|end|effective|expiration|expiry|commencement|termination|closing|signing|signature|execution|agreement|contract|payment|due)\s+date|in\s+what\s+year|which\s+year|date\s+of\s+(?:the\s+|this\s+)?(?:agreement|contract|signing|execution|lease|amendment|letter)|^\s*(?:the\s+)?date(?=\s*\??\s*$))\b/i
  ],
  ["duration", weakDuration],
  [
    "money",
    /(?:\$|\b(?:how\s+much|fees?|price|pricing|cost|amount|salary|compensation|rent|deposit|bonus|paid|pay|payment|payable|revenue|sales|profit|proceeds|income|earnings|cash|budget|capital\s+expenditures?|inventory|dividend|cap\s+on\s+(?:\w+\s+){0,3}liability|liability\s+(?:cap|limit)|(?:maximum|aggregate|total)\s+(?:\w+\s+)?liability|limit(?:ation)?\s+of\s+liability|charges?|rate\s+card|hourly|premium|penalty|worth|eps|guidance|purchase\s+price|consideration|(?:contract|total|deal|annual|aggregate)\s+value|value\s+of\s+(?:the|this)\s+(?:contract|agreement|deal|order)|costs?|retainer|outstanding|owed|balance|allowance|limit|cap|insurance\s+coverage)\b)/i
  ],
  ["number", /\b(?:how\s+many|number\s+of|count|quantity|headcount)\b/i],
  [
    "party",
    /\b(?:which|what)\s+(?:party|parties|company|companies|entity|entities|organi[sz]ation|firm|person|individual|vendor|supplier|customer|bank|landlord|tenant)\b|\b(?:parties|counterparty|between\s+whom|signed\s+by|signator(?:y|ies))\b|\b(?:name\s+of|named)\s+(?:the\s+)?(?:party|company|supplier|customer|vendor|landlord|tenant|employer|employee|candidate|consultant|contractor|licensor|licensee|provider|client|buyer|seller)\b/i
  ],
  ["number", /\b(?:what\s+(?:number|quantity)|how\s+large|how\s+big|square\s+feet|units?)\b/i]
]

/**
 * The answer kind a question asks for: yes/no by its opening verb, else by its wording; free text otherwise. Only
 * the question decides, not its answer-format instructions ("…, with currency and payment terms?").
 */
export const detectKind = (question: string): AnswerKind => {
  const q = coreQuestion(question)
  if (yesNoOpening.test(q) && !politeRequest.test(q)) return "yesno"
  const request = q.replace(politeRequest, "")
  for (const [kind, pattern] of rules) if (pattern.test(request)) return kind
  return "text"
}
