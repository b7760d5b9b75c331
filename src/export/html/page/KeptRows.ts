/**
 * Drawing the grid again keeps the elements whose drawing did not change. A live update draws every visible row
 * anew; an element replaced between a click's press and release would lose the click, and a reader clicks while
 * answers arrive. Only cells whose drawing changed are replaced, in place.
 */

/** Class names the grid sets on drawn cells after drawing them (the current cell): not part of a drawing. */
const marks = new Set(["active"])

const classesOf = (element: Element) =>
  [...element.classList]
    .filter((name) => !marks.has(name))
    .sort()
    .join(" ")

/** The same attributes, `skipped` aside; classes compared as sets, without the marks. */
const sameAttributes = (drawn: Element, fresh: Element, skipped: ReadonlyArray<string> = []): boolean => {
  const names = new Set([...drawn.getAttributeNames(), ...fresh.getAttributeNames()])
  for (const name of names) {
    if (skipped.includes(name)) continue
    const same =
      name === "class" ? classesOf(drawn) === classesOf(fresh) : drawn.getAttribute(name) === fresh.getAttribute(name)
    if (!same) return false
  }
  return true
}

const sameDrawing = (drawn: Element, fresh: Element): boolean =>
  drawn.tagName === fresh.tagName && sameAttributes(drawn, fresh) && drawn.innerHTML === fresh.innerHTML

/**
 * The row to show: `drawn` with only its changed cells replaced by `fresh`'s, when both have the same cells in the
 * same places; else `fresh`. The row's own `style` (its place, set after drawing) is not compared.
 */
export const keepUnchanged = <E extends Element>(drawn: E, fresh: E): E => {
  const before = [...drawn.children]
  const after = [...fresh.children]
  const sameCells = before.length === after.length && before.every((cell, i) => cell.id === after[i]?.id)
  if (!sameCells || !sameAttributes(drawn, fresh, ["style"])) return fresh
  for (const [i, cell] of before.entries()) {
    const next = after[i]
    if (next !== undefined && !sameDrawing(cell, next)) cell.replaceWith(next)
  }
  return drawn
}
