const units: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90
}

const word = `(?:${Object.keys(units)
  .sort((a, b) => b.length - a.length)
  .join("|")}|hundred|thousand)`

/** A regex source matching spelled-out numbers below a million: "thirty", "twenty-four", "one hundred and eighty". */
export const numberWordsSource = `(?:a\\s+(?=hundred|thousand))?${word}(?:(?:\\s+and\\s+|[\\s-]+)${word}\\b)*`

/** The value of a spelled-out number ("one hundred and eighty" → 180), or undefined when it is not one. */
export const parseNumberWords = (text: string): number | undefined => {
  const words = text
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((word) => word.length > 0 && word !== "and")
  if (words.length === 0) return undefined
  let total = 0
  let current = 0
  let seen = false
  for (const word of words) {
    const value = units[word]
    if (value !== undefined) {
      current += value
      seen = true
    } else if (word === "a" && !seen) {
      current = 1
    } else if (word === "hundred") {
      current = (current === 0 ? 1 : current) * 100
      seen = true
    } else if (word === "thousand") {
      total += (current === 0 ? 1 : current) * 1000
      current = 0
      seen = true
    } else {
      return undefined
    }
  }
  return seen ? total + current : undefined
}
