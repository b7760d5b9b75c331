import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { makeExtractiveEngine } from "../../src/service/engine/ExtractiveEngine.js"
import { findDates } from "../../src/service/engine/extractive/DateSpans.js"
import { askCell, firstParagraph, type HitCount } from "./evaluate.js"
import { loadDocument } from "./loadSample.js"

/** Shared evaluation corpus (CUAD v1 contracts and expert labels); present on some machines only. */
const corpusDir = "/work/shared/corpus"
const labelsFile = "/work/shared/corpus-labels/cuad-qa.json"

interface CuadItem {
  readonly category: string
  readonly answer: string | null
}

interface CuadDocument {
  readonly doc: string
  readonly items: ReadonlyArray<CuadItem>
}

type Judge = (short: string, label: string) => boolean

const norm = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()

/** Label dates are m/d/yyyy (d/m/yyyy when the first part cannot be a month), "[]" for redacted parts. */
const sameDate: Judge = (short, label) => {
  const parts = label.split("/").map((part) => (/^\d+$/.test(part.trim()) ? Number(part) : undefined))
  const [a, b, year] = parts
  if (year === undefined) return false
  const found = findDates(short)[0]?.text ?? ""
  if (!found.includes(String(year))) return false
  const [month, day] = a !== undefined && a > 12 ? [b, a] : [a, b]
  const names = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october"]
  const monthName = month === undefined ? undefined : [...names, "november", "december"][month - 1]
  const text = found.toLowerCase()
  return (monthName === undefined || text.includes(monthName)) && (day === undefined || text.includes(` ${day},`))
}

const samePlace: Judge = (short, label) => norm(short).includes(norm(label.split(/[,;]/)[0] ?? label))

const sameParty: Judge = (short, label) =>
  label
    .split(";")
    .map((name) => norm(name.replace(/\([^)]*\)?/g, "")))
    .filter((name) => name.length >= 4)
    .some((name) => norm(short).includes(name) || norm(short).includes(name.split(" ").slice(0, 2).join(" ")))

const months = (text: string): number | undefined => {
  const m = /(\d+)\s*(day|month|year)/i.exec(text)
  if (m === null) return undefined
  const n = Number(m[1])
  const unit = (m[2] ?? "").toLowerCase()
  return unit === "year" ? n * 12 : unit === "month" ? n : n / 30
}

const samePeriod: Judge = (short, label) => {
  const want = months(label)
  return want !== undefined && months(short) === want
}

/** Categories with a normalised answer: the question docsweep asks and how its short answer is judged. */
const extraction: ReadonlyArray<readonly [string, string, Judge]> = [
  ["Parties", "Who are the parties to this agreement?", sameParty],
  ["Agreement Date", "What is the date of the agreement?", sameDate],
  ["Effective Date", "What is the effective date?", sameDate],
  ["Expiration Date", "When does the agreement expire?", sameDate],
  ["Renewal Term", "What is the renewal term?", samePeriod],
  ["Notice Period to Terminate Renewal", "How much notice is required to prevent renewal?", samePeriod],
  ["Governing Law", "Which state's law governs the agreement?", samePlace]
]

/** Yes/No categories, asked as a user would ask them. */
const yesNo: ReadonlyArray<readonly [string, string]> = [
  ["Non-Compete", "Is there a non-compete clause?"],
  ["Exclusivity", "Is there an exclusivity clause?"],
  ["No-Solicit of Employees", "Is there a non-solicitation of employees clause?"],
  ["Termination for Convenience", "Can a party terminate for convenience?"],
  ["Change of Control", "Is there a change of control clause?"],
  ["Anti-Assignment", "Is assignment restricted without consent?"],
  ["License Grant", "Does the contract grant a license?"],
  ["Audit Rights", "Does a party have audit rights?"],
  ["Cap on Liability", "Is there a cap on liability?"],
  ["Insurance", "Is a party required to maintain insurance?"],
  ["Most Favored Nation", "Is there a most favored nation clause?"],
  ["Source Code Escrow", "Is there a source code escrow?"],
  ["Liquidated Damages", "Are there liquidated damages?"],
  ["Minimum Commitment", "Is there a minimum purchase commitment?"],
  ["Non-Disparagement", "Is there a non-disparagement clause?"],
  ["Third Party Beneficiary", "Is there a third party beneficiary?"]
]

export interface CuadResult {
  readonly byCategory: Record<string, HitCount>
  readonly extraction: HitCount & { readonly rate: number }
  /** Yes/No accuracy, with recall on "Yes" labels and specificity on "No" labels. */
  readonly yesNo: HitCount & { readonly rate: number; readonly yesRecall: number; readonly noSpecificity: number }
}

const rate = (count: HitCount) => (count.total === 0 ? 0 : count.hits / count.total)

/**
 * Hit rates on CUAD's expert labels for the contracts in /work/shared/corpus (plain-text versions), or undefined
 * when the corpus is not on this machine. Used by the benchmark only; tests never depend on it.
 */
export const cuadHitRates = (limit = Number.POSITIVE_INFINITY) =>
  Effect.gen(function* () {
    if (!existsSync(corpusDir) || !existsSync(labelsFile)) return undefined
    const labels: { readonly documents: ReadonlyArray<CuadDocument> } = JSON.parse(readFileSync(labelsFile, "utf8"))
    const engine = makeExtractiveEngine()
    const byCategory: Record<string, { hits: number; total: number }> = {}
    const yes = { hits: 0, total: 0 }
    const no = { hits: 0, total: 0 }
    for (const [i, entry] of labels.documents.slice(0, limit).entries()) {
      const document = yield* loadDocument(join(corpusDir, entry.doc), i + 1)
      for (const item of entry.items) {
        const judged = extraction.find(([category]) => category === item.category)
        const asked = yesNo.find(([category]) => category === item.category)
        if (item.answer === null || (judged === undefined && asked === undefined)) continue
        if (judged !== undefined && item.answer.toLowerCase() === "perpetual") continue
        const question = judged?.[1] ?? asked?.[1] ?? ""
        const short = firstParagraph(yield* askCell(engine, document, question))
        const hit =
          judged !== undefined
            ? judged[2](short, item.answer)
            : item.answer === "Yes"
              ? short.startsWith("Yes")
              : /^No\b/.test(short)
        const count = byCategory[item.category] ?? { hits: 0, total: 0 }
        byCategory[item.category] = count
        count.total += 1
        if (hit) count.hits += 1
        if (asked !== undefined) {
          const side = item.answer === "Yes" ? yes : no
          side.total += 1
          if (hit) side.hits += 1
        }
      }
    }
    const sum = (names: ReadonlyArray<string>) =>
      names.reduce(
        (acc, name) => ({
          hits: acc.hits + (byCategory[name]?.hits ?? 0),
          total: acc.total + (byCategory[name]?.total ?? 0)
        }),
        { hits: 0, total: 0 }
      )
    const extracted = sum(extraction.map(([name]) => name))
    const answered = { hits: yes.hits + no.hits, total: yes.total + no.total }
    return {
      byCategory,
      extraction: { ...extracted, rate: rate(extracted) },
      yesNo: { ...answered, rate: rate(answered), yesRecall: rate(yes), noSpecificity: rate(no) }
    } satisfies CuadResult
  })
