import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { indexCells, type ReportCell, type ReportModel } from "../../../src/export/index.js"
import { benchModel } from "../BenchModel.js"

/** CUAD's contracts when this machine has them (the benchmark only; tests never read them), else the samples. */
const corpora = [
  "/work/shared/corpus",
  fileURLToPath(new URL("../../../../shared/corpus", import.meta.url)),
  fileURLToPath(new URL("../../fixtures/samples-src", import.meta.url))
]

/** Sentences of 80 to 400 characters from contract texts: what quotes in real answers look like. */
const sentencesOf = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir)
    .filter((name) => name.endsWith(".txt"))
    .flatMap((name) =>
      readFileSync(join(dir, name), "utf8")
        .replace(/\s+/g, " ")
        .split(/(?<=[.;])\s+(?=[A-Z0-9"(])/)
    )
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 80 && sentence.length <= 400)

/** The pool of quotes and where it came from. */
export const quotePool = (): { readonly source: string; readonly sentences: ReadonlyArray<string> } => {
  const dir = corpora.find((candidate) => existsSync(candidate)) ?? ""
  return { source: dir.includes("shared") ? "CUAD contracts" : "sample contracts", sentences: sentencesOf(dir) }
}

/** The short answer an engine gives from a quote: a date, amount or number it holds, else its first words. */
const shortOf = (sentence: string): string =>
  /\$\s?[\d,.]+(?: (?:million|billion))?|\b\d{1,3}(?:,\d{3})+\b|\b[A-Z][a-z]+ \d{1,2}, \d{4}\b|\(\d+\) (?:days|months|years)/.exec(
    sentence
  )?.[0] ?? sentence.split(" ").slice(0, 6).join(" ")

/**
 * 2,000 documents × 50 columns as an engine answers them: a short answer, a blank line, a quoted sentence of a
 * contract and its page; one cell in a hundred failed, one pending (as in the xlsx benchmark's model).
 */
export const realisticModel = (documents: number, columns: number): ReportModel => {
  const { sentences } = quotePool()
  const base = benchModel(documents, columns)
  const cells: Array<ReportCell> = []
  let seed = 12_345
  for (const cell of base.cells()) {
    seed = (seed * 48_271) % 2_147_483_647
    const sentence = sentences[seed % sentences.length] ?? ""
    cells.push(
      cell.status === "success"
        ? { ...cell, response: `${shortOf(sentence)}\n\n"${sentence}" (p. ${1 + (seed % 40)})` }
        : cell
    )
  }
  return { ...base, ...indexCells(cells) }
}
