import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

/** The repository root, where `--import tsx` resolves. */
const root = fileURLToPath(new URL("../..", import.meta.url))

/**
 * Runs `node --import tsx CHILD MODE DIR` in its own process (so its peak RSS is its own) and resolves the JSON
 * figures on the last line it prints; rejects when it exits non-zero.
 */
export const measureInChild = <Figures>(child: string, mode: string, dir: string): Promise<Figures> =>
  new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["--import", "tsx", child, mode, dir], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"]
    })
    let out = ""
    proc.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString()
    })
    proc.on("error", reject)
    proc.on("close", (code) => {
      const last = out.trim().split("\n").at(-1) ?? ""
      if (code === 0) resolve(JSON.parse(last) as Figures)
      else reject(new Error(`bench child ${mode} exited with ${code}: ${out}`))
    })
  })
