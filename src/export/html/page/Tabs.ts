import { el } from "./Dom.js"

interface TabSpec {
  readonly id: string
  readonly label: string
  readonly panel: HTMLElement
}

/** ARIA tabs: the selected tab is the one in the tab order; arrows, Home and End move between tabs. */
export class Tabs {
  readonly list: HTMLDivElement
  readonly panels: ReadonlyArray<HTMLElement>
  private readonly buttons: ReadonlyArray<HTMLButtonElement>
  current: string

  constructor(
    private readonly specs: ReadonlyArray<TabSpec>,
    private readonly shown: (id: string) => void
  ) {
    this.current = specs[0]?.id ?? ""
    this.buttons = specs.map((spec) => {
      const tab = el(
        "button",
        { type: "button", role: "tab", id: `tab-${spec.id}`, "aria-controls": `panel-${spec.id}`, class: "tab" },
        spec.label
      )
      tab.addEventListener("click", () => this.select(spec.id))
      return tab
    })
    this.panels = specs.map((spec) => {
      const panel = el("section", { role: "tabpanel", id: `panel-${spec.id}`, "aria-labelledby": `tab-${spec.id}` })
      panel.append(spec.panel)
      return panel
    })
    this.list = el("div", { role: "tablist", class: "tabs", "aria-label": "Report views" }, ...this.buttons)
    this.list.addEventListener("keydown", (event) => this.keys(event))
    this.select(this.current, false)
  }

  /** Shows tab `id` (and focuses it when asked). */
  select(id: string, focus = false): void {
    this.current = id
    this.specs.forEach((spec, position) => {
      const selected = spec.id === id
      const tab = this.buttons[position]
      tab?.setAttribute("aria-selected", String(selected))
      tab?.setAttribute("tabindex", selected ? "0" : "-1")
      if (selected && focus) tab?.focus()
      const panel = this.panels[position]
      if (panel !== undefined) panel.hidden = !selected
    })
    this.shown(id)
  }

  private keys(event: KeyboardEvent): void {
    const at = this.specs.findIndex((spec) => spec.id === this.current)
    const last = this.specs.length - 1
    const next =
      event.key === "ArrowRight"
        ? at === last
          ? 0
          : at + 1
        : event.key === "ArrowLeft"
          ? at === 0
            ? last
            : at - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : undefined
    const spec = next === undefined ? undefined : this.specs[next]
    if (spec === undefined) return
    event.preventDefault()
    this.select(spec.id, true)
  }
}
