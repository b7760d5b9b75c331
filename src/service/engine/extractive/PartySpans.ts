import { matchSpans, type Span } from "./Span.js"

const suffixes = [
  "Inc\\.?",
  "Incorporated",
  "LLC",
  "L\\.L\\.C\\.",
  "Ltd\\.?",
  "Limited",
  "Corporation",
  "Corp\\.?",
  "Company",
  "Co\\.",
  "GmbH",
  "AG",
  "plc",
  "LLP",
  "L\\.L\\.P\\.",
  "LP",
  "L\\.P\\.",
  "N\\.A\\.",
  "S\\.A\\.",
  "SAS",
  "B\\.V\\.",
  "N\\.V\\.",
  "Pty\\.? Ltd\\.?",
  "Pte\\.? Ltd\\.?",
  "S\\.R\\.L\\.?",
  "S\\.r\\.l\\.?",
  "SRL",
  "S\\.A\\.S\\.",
  "S\\.L\\.",
  "A\\/S",
  "AB",
  "Oy",
  "KG",
  "SE",
  "PLLC",
  "P\\.C\\.",
  "L\\.L\\.C",
  "S\\.p\\.A\\.",
  "Holdings",
  "Group",
  "Partners",
  "Trust",
  "Bank",
  "University",
  "Association",
  "Cooperative",
  "Co-operative",
  "Foundation",
  "Fund"
]
const suffix = `(?:${[...suffixes, ...suffixes.map((s) => s.toUpperCase())].join("|")})`
const word = "(?:[\\p{Lu}\\d][\\p{L}\\d'’.-]*|\\(\\p{Lu}[\\p{L}\\s]{1,20}\\)|&|of|de|the|OF|THE)"
// "The Coca-Cola Bottling Company of Northern New England", "Regents of the University of Utah": a place or body
// after the company form belongs to the name.
const ofPlace = "(?:\\s+(?:of|OF)\\s+(?:the\\s+|THE\\s+)?\\p{Lu}[\\p{L}-]+(?:\\s+\\p{Lu}[\\p{L}-]+){0,3})?"
/** A name starts with a capital, or with a brand's lower-case letter before a capital or digit ("eBay", "i3"). */
const orgPattern = new RegExp(
  `(?:\\p{Lu}|(?<![\\p{L}\\d])\\p{Ll}(?=[\\p{Lu}\\d]))[\\p{L}\\d'’.-]*(?:\\s+${word}){0,6},?\\s+${suffix}(?![\\p{L}])${ofPlace}`,
  "gu"
)
const personPattern =
  /(?:(?:Mr|Ms|Mrs|Dr)\.?\s+)?\p{Lu}\p{Ll}+(?:\s+\p{Lu}\.)?(?:\s+\p{Lu}[\p{Ll}'’]+(?:-\p{L}\p{Ll}+)?){1,2}(?![\p{L}])/gu

/** Capitalised words that open an organisation match but belong to the sentence ("BETWEEN", "This"). */
const leading =
  /^(?:(?:This|THIS|The|THE|By|BY|Between|BETWEEN|And|AND|Among|AMONG|Of|OF|To|TO|Dear|Attn|Attention|From|FROM)\s+)+/

/** Words that are never part of a person's name in a contract, so "Governing Law" is not a person. */
const notNameWords = new Set(
  (
    "Agreement Section Article Effective Date Company Party Parties State Services Service Confidential Information " +
    "Governing Law Notice Notices Term Termination Master The This That Such Each Any All Customer Provider Supplier " +
    "Buyer Seller Client Landlord Tenant Employee Employer Licensor Licensee Consultant Contractor Premises Fees Fee " +
    "Payment Schedule Exhibit Order Purchase Statement Work Subscription Software Data Security Limitation Liability " +
    "Intellectual Property Rights United States America New York Delaware California Street Avenue Suite Road " +
    "Drive Boulevard Lane Parkway Plaza Highway Court Place Square Terrace Circle " +
    "Chief Executive Officer Financial President Vice Director General Counsel Senior Manager Board Directors Dear " +
    "Sincerely Title Name Signature Date By Its Per Your Our Their Witness Whereas Now Therefore In Witness Whereof Page Total Net Gross " +
    "Revenue Quarter Fiscal Year Report Annual Monthly January February March April May June July August September " +
    "October November December Monday Tuesday Wednesday Thursday Friday Saturday Sunday Offer Letter Position Start " +
    "Base Salary Bonus Equity Benefits Insurance Force Majeure Entire Amendment Assignment Counterparts Definitions " +
    "Systems Solutions Technologies Group Department Division Team Office Center Centre Engineering Operations " +
    "Sales Marketing Finance Legal Human Resources Accepted Agreed Sincerely Regards Managing Partner Member " +
    "Investor Relations"
  ).split(" ")
)

const tidy = (text: string) => text.replace(/\s+/g, " ").replace(leading, "").trim()

/** A document noun right after a name, a word or two on: the name is part of a title. */
const documentAfter = /^\s+(?:\p{Lu}[\p{L}-]*\s+){0,2}(?:AGREEMENT|Agreement|CONTRACT|Contract)\b/u

/** Organisation names ending in a company form ("Meridian Polymers GmbH", "NORTHWIND ANALYTICS, INC."). */
export const findOrganisations = (text: string): Array<Span> =>
  matchSpans(text, orgPattern, (m) => {
    const name = tidy(m[0])
    // "a Delaware Company", "an Italian corporation": what a party is, not its name.
    const described = /\b(?:an?|AN?)\s+$/.test(text.slice(Math.max(0, m.index - 4), m.index))
    // "THIS JOINT VENTURE AND LIMITED LIABILITY COMPANY OPERATING AGREEMENT": a title, not a party.
    const titled = documentAfter.test(text.slice(m.index + m[0].length, m.index + m[0].length + 40))
    return name.split(/\s+/).length >= 2 && !described && !titled ? name : undefined
  }).map((span) => ({ ...span, start: span.end - span.text.length }))

const companyAfter = new RegExp(`^,?\\s+${suffix}(?![\\p{L}])`, "u")

/**
 * Personal names of two or three capitalised words, titles allowed. Contract vocabulary ends a name ("Marcus Bell
 * Chief Information Officer" → "Marcus Bell"); a run followed by a company form is a company, not a person.
 */
export const findPersons = (text: string): Array<Span> =>
  matchSpans(text, personPattern, (m) => {
    const title = /^(?:Mr|Ms|Mrs|Dr)\.?\s+/.exec(m[0])?.[0] ?? ""
    const words = m[0].slice(title.length).split(/\s+/)
    // A signature block runs on: "Shelby J. Butterfield Shelby J. Butterfield" (the name again), "Its: President".
    const cut = words.findIndex((w, i) => notNameWords.has(w.replace(/[.,:]$/, "")) || (i >= 2 && w === words[0]))
    const kept = cut < 0 ? words : words.slice(0, cut)
    if (kept.length < 2) return undefined
    const name = `${title}${kept.join(" ")}`
    // "45100 Atwater Drive": an address after its number, not a person.
    if (/\d\s*$/.test(text.slice(Math.max(0, m.index - 3), m.index))) return undefined
    return companyAfter.test(text.slice(m.index + name.length)) ? undefined : name
  }).map((span) => ({ ...span, end: span.start + span.text.length }))

/** Organisations first, else persons: who a sentence names. */
export const findParties = (text: string): Array<Span> => {
  const organisations = findOrganisations(text)
  const persons = findPersons(text).filter(
    (person) => !organisations.some((org) => person.start < org.end && org.start < person.end)
  )
  return [...organisations, ...persons].sort((a, b) => a.start - b.start)
}

/** A defined role: the name a party is given in the text ("Supplier") and who it is. */
interface RoleDefinition {
  /** Empty for a party named without a role ("Accepted and agreed: Maria Delgado"). */
  readonly role: string
  readonly name: string
  /** Where the name starts in the text searched. */
  readonly start: number
}

const rolePattern =
  /\(\s*(?:(?:the|each|individually|collectively|hereinafter|herein|referred|to|as|a|an|or|and|,),?\s+)*["“”'‘]([\p{L}][\p{L} -]{1,30}?)["“”'’]|\b(?:hereinafter|hereafter|herein)\s+(?:referred\s+to\s+as|called|designated\s+as|known\s+as)\s+(?:the\s+)?["“”'‘]([\p{L}][\p{L} -]{1,30}?)["“”'’]/gu
/** The capitalised name just before a definition without a company form ("JSC NOC KazakhOil, hereinafter …"). */
const nameBefore = /(\p{Lu}[\p{L}\d&'’.-]*(?:\s+(?:[\p{Lu}\d][\p{L}\d&'’.-]*|of|&)){0,6})\s*,?\s*$/u
/**
 * Parties given by a list elsewhere: "the persons and entities listed on Schedule A (collectively, the "ValueAct
 * Group")" names them so, not "Schedule A".
 */
const listedOn =
  /\b(?:the\s+)?(?:persons?|entities|parties|individuals|funds|members|shareholders|stockholders|investors|purchasers|holders)\b[^()"“]{0,40}?\b(?:listed|named|set\s+forth|identified)\s+(?:on|in)\s+(?:Schedule|Exhibit|Annex|Appendix|Attachment)\s+[\w.-]+\s*,?\s*$/
/**
 * "SPONSOR:", "Landlord:", and the "Party A:" / "Party B:" of contracts translated from Chinese, perhaps with what the
 * party is ("Party A (Supplier):").
 */
const labelPattern = /\b(Party\s+[A-Z]|\p{Lu}[\p{L}]{2,20})(?:\s*\(\s*\p{Lu}[\p{L} ]{2,30}\))?\s*:\s*/gu
/** A label's role as a role reads: "SPONSOR:" is the Sponsor. */
const labelRole = (label: string) =>
  label === label.toUpperCase() ? `${label.slice(0, 1)}${label.slice(1).toLowerCase()}` : label
/** A form's "Name:" field right after a role's label, and its value: capitalised words up to the next field label. */
const nameField = /^Name\s*:\s*(\p{Lu}[\p{L}\d'’&.-]*(?:\s+(?![\p{L}]+\s*:)[\p{Lu}\d&][\p{L}\d'’&.-]*){0,6})/u
const acceptancePattern =
  /\b(?:Accepted(?:\s+and\s+agreed)?|Agreed(?:\s+and\s+accepted)?|Acknowledged(?:\s+and\s+(?:agreed|accepted))?)(?:\s+(?:to|by))?\s*:\s*/giu
/** Labels that introduce a name without giving it a role. */
const notRoles = new Set(
  "between and among by name title date re subject attn attention from to cc signature address email phone fax witness note whereas source representative registered".split(
    " "
  )
)

/**
 * A person the text describes as one, whatever the case of the name: "PRIYA VENKATARAMAN, an individual residing in
 * Newton, Massachusetts" is Priya Venkataraman's definition, not Massachusetts's; a degree or "Jr." after the name
 * ("EVELYN R. MARCHETTI, D.D.S., an individual") is no part of it.
 */
const individual =
  /(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,3})(?:\s*,\s*(?:\p{Lu}\.){2,3}|\s*,\s*(?:Jr|Sr|JR|SR|Esq|ESQ)\.?|\s*,\s*I{2,3})?\s*,\s*(?:an?\s+)?(?:individual|natural\s+person|resident\s+of|residing)\b/u
const individualNamed = (window: string): Span | undefined => {
  const m = individual.exec(window)
  const name = m?.[1]?.replace(leading, "").trim()
  if (m === null || name === undefined || name.split(/\s+/).length < 2) return undefined
  const start = m.index + m[0].indexOf(name)
  return { text: name, start, end: start + name.length }
}

const nameEnding = (window: string): Span | undefined => {
  const m = nameBefore.exec(window)
  const name = m?.[1]?.replace(leading, "").trim()
  if (m === null || name === undefined || !/\p{L}{3}/u.test(name)) return undefined
  return { text: name, start: m.index + m[0].indexOf(name), end: m.index + m[0].indexOf(name) + name.length }
}

/**
 * Where a text starts anew after the end of a parenthesis opened before it (the rest of an earlier definition:
 * `…, and individually a "member" of the ValueAct Group), Allison Transmission Holdings, Inc.`), 0 when none ends.
 */
const closedAt = (text: string): number => {
  let depth = 0
  let after = 0
  // By UTF-16 index, as the caller slices: a character outside the BMP would shift a code-point count.
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === "(") depth += 1
    else if (char === ")") {
      depth -= 1
      if (depth < 0) {
        after = i + 1
        depth = 0
      }
    }
  }
  return after
}

/**
 * Roles defined in a text: `Acme Corp., a Delaware corporation ("Supplier")` and `Landlord: Harborview LLC`.
 * The name is the first organisation or person between the previous definition (its parenthesis closed) and this
 * one: "Gregory P. Spivy, … as a member of the ValueAct Group (the "ValueAct Designee")" defines Spivy.
 */
export const findRoles = (text: string): Array<RoleDefinition> => {
  const out: Array<RoleDefinition> = []
  let from = 0
  for (const m of text.matchAll(rolePattern)) {
    const start = Math.max(from, m.index - 300)
    const offset = start + closedAt(text.slice(start, m.index))
    const window = text.slice(offset, m.index)
    const listed = listedOn.exec(window)
    const first =
      listed === null
        ? (individualNamed(window) ?? findParties(window)[0] ?? nameEnding(window))
        : { text: listed[0].trim(), start: listed.index }
    if (first !== undefined) out.push({ role: m[1] ?? m[2] ?? "", name: first.text, start: offset + first.start })
    from = m.index + m[0].length
  }
  // "Accepted and agreed: Maria Delgado": the person who signs an offer or a letter for themselves is a party.
  for (const m of text.matchAll(acceptancePattern)) {
    const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 120)
    const name = findParties(rest).find((span) => span.start === 0)
    if (name !== undefined) out.push({ role: "", name: name.text, start: m.index + m[0].length })
  }
  for (const m of text.matchAll(labelPattern)) {
    const label = m[1] ?? ""
    if (notRoles.has(label.toLowerCase())) continue
    const after = m.index + m[0].length
    const rest = text.slice(after, after + 120)
    // A form's role over its fields ("SPONSOR: Name: Rubio's Fresh Mexican Grill Phone: …"): the name field's value.
    const field = nameField.exec(rest)
    if (field !== null) {
      const value = field[1] ?? ""
      out.push({ role: labelRole(label), name: value, start: after + field.index + field[0].length - value.length })
      continue
    }
    const name = findParties(rest).find((span) => span.start === 0)
    // "Channel Partner: iPass Inc.: By: …": a signature table's column labels side by side; the name is a label too.
    if (name !== undefined && !/^\s*:/.test(rest.slice(name.end)))
      out.push({ role: labelRole(label), name: name.text, start: after })
  }
  return out.sort((a, b) => a.start - b.start)
}
