import { didYouMean } from "../pipeline/DidYouMean.js"

/** docsweep's commands and their subcommands: what the first words of a command line may be. */
const commandTree: Readonly<Record<string, ReadonlyArray<string>>> = {
  run: [],
  validate: [],
  export: [],
  status: [],
  config: [],
  diff: [],
  view: [],
  merge: [],
  serve: [],
  docs: ["add"],
  users: ["add"],
  token: []
}

/** The positional argument each command needs, named as its help names it. */
const needs: Readonly<Record<string, string>> = { merge: "DIR", "docs add": "FILE" }

/** Global options that take a value: the word after them is not a command. */
const valued = new Set(["--log-format"])

/** The positional words of a command line, in order (option values skipped when known). */
const positionals = (args: ReadonlyArray<string>): ReadonlyArray<string> =>
  args.filter((arg, index) => !arg.startsWith("-") && !valued.has(args[index - 1] ?? ""))

/** The command words a command line names (`run`, `docs add`), as far as they are docsweep's commands. */
export const commandWords = (args: ReadonlyArray<string>): string => {
  const [first, second] = positionals(args)
  if (first === undefined || !(first in commandTree)) return ""
  return second !== undefined && (commandTree[first] ?? []).includes(second) ? `${first} ${second}` : first
}

const optionName = (key: string) => (key.length === 1 ? `-${key}` : `--${key}`)

const listed = (values: ReadonlyArray<string>, last = "or") =>
  values.length <= 1 ? (values[0] ?? "") : `${values.slice(0, -1).join(", ")} ${last} ${values.at(-1)}`

const unquote = (text: string) => text.trim().replace(/^"(.*)"$/, "$1")

/** `unknown option --concurency (did you mean --concurrency?)`, or an unexpected word, or an unknown command. */
const unknownArgument = (word: string, args: ReadonlyArray<string>, options: ReadonlyArray<string>) => {
  const given = args.find((arg) => arg.replace(/^-+/, "").split("=")[0] === word && arg.startsWith("-"))
  if (given !== undefined) {
    const guess = didYouMean(word, options)
    return `unknown option ${given.split("=")[0]}${guess === undefined ? "" : ` (did you mean ${optionName(guess)}?)`}`
  }
  return commandWords(args) === "" ? unknownCommand(word) : `unexpected argument "${word}"`
}

const unknownCommand = (word: string, within = "") => {
  const candidates = within === "" ? Object.keys(commandTree) : (commandTree[within] ?? [])
  const guess = didYouMean(word, candidates)
  return `unknown command "${word}"${guess === undefined ? "" : ` (did you mean ${guess}?)`}`
}

/**
 * What yargs says about an unusable command line, in one or two lines that name the problem and the value typed
 * (yargs' own words where none of these apply). `options` are the options the command knows (for suggestions).
 */
export const describeUsageFailure = (
  message: string,
  args: ReadonlyArray<string>,
  options: ReadonlyArray<string>
): string => {
  const command = commandWords(args)
  const positional = positionals(args)
  const unknown = /^Unknown arguments?: (.+)$/s.exec(message)
  if (unknown !== undefined && unknown !== null) {
    const words = (unknown[1] ?? "").split(", ").map((word) => word.trim())
    const kebab = (word: string) => word.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
    // yargs names an unknown --base-url twice, also as baseUrl.
    return words
      .filter((word) => kebab(word) === word || !words.includes(kebab(word)))
      .map((word) => unknownArgument(word, args, options))
      .join("; ")
  }
  if (/^Did you mean /.test(message)) {
    const parent = positional[0] !== undefined && positional[0] in commandTree ? positional[0] : ""
    const word = parent === "" ? positional[0] : positional[1]
    return unknownCommand(word ?? "", parent)
  }
  const choice = /Argument: ([\w-]+), Given: (.+), Choices: (.+)$/m.exec(message)
  if (choice !== null) {
    const choices = (choice[3] ?? "").split(", ").map(unquote)
    return `${optionName(choice[1] ?? "")} takes ${listed(choices)}; got "${unquote(choice[2] ?? "")}"`
  }
  const missing = /^Missing required arguments?: (.+)$/.exec(message)
  if (missing !== null) {
    const names = (missing[1] ?? "").split(", ").map((name) => name.trim())
    return `missing ${listed(
      names.map((name) => (options.includes(name) ? optionName(name) : name)),
      "and"
    )}`
  }
  if (/^Not enough non-option arguments/.test(message) || message === "no command") {
    if (command === "") return "no command given"
    const sub = commandTree[command] ?? []
    if (sub.length > 0) return `needs a command: ${listed(sub)}`
    return `missing ${needs[command] ?? "FILE"} argument`
  }
  return message.replace(/\s*\n\s*/g, " ")
}

/** Options that take a fraction or a real number; every other numeric option takes a whole number. */
const fractional = new Set(["latency-spread", "fault-rate", "fail-rate"])

/**
 * What was typed after `--key` (or as `--key=value`), read from the raw arguments: yargs keeps only the number it
 * made of it, and usage errors are reported before (or instead of) yargs having parsed them.
 */
export const optionValue = (key: string, args: ReadonlyArray<string>): string | undefined => {
  for (const [index, arg] of args.entries()) {
    if (arg === `--${key}`) return args[index + 1] ?? ""
    if (arg.startsWith(`--${key}=`)) return arg.slice(key.length + 3)
  }
  return undefined
}

/**
 * yargs reads `--max-cells abc` as NaN and goes on; this finds such values (and fractions or negative numbers where
 * a whole number is meant) and says what was typed. It also reads `--max-cells` given no value (at the end of the
 * line, or before another option) as no option at all, and `--max-cells=` as 0: a cron line's unset variable would
 * drop a cap silently, or stand for 0. Keys are the options' kebab-case names.
 */
export const numberProblems = (argv: Readonly<Record<string, unknown>>, args: ReadonlyArray<string>) =>
  Object.entries(argv).flatMap(([key, value]) => {
    if (key.includes("_") || /[A-Z]/.test(key)) return []
    const typed = optionValue(key, args)
    const valueless = value === undefined && typed !== undefined
    if (typeof value !== "number" && !valueless) return []
    const whole = !fractional.has(key)
    const fine =
      typeof value === "number" &&
      Number.isFinite(value) &&
      value >= 0 &&
      (!whole || Number.isInteger(value)) &&
      typed?.trim() !== ""
    if (fine) return []
    const shown = valueless ? "nothing" : `"${typed ?? String(value)}"`
    return [`--${key} takes ${whole ? "a whole number, 0 or more" : "a number, 0 or more"}; got ${shown}`]
  })
