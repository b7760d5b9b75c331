import { hideBin } from "yargs/helpers"
import { docsweepCli } from "./Cli.js"
import { keepRunningWhenOutputCloses } from "./ClosedOutput.js"

keepRunningWhenOutputCloses()
// Not awaited at the top level: the CLI's bundle is a CommonJS script (src/build.ts). A rejection still ends the
// process with its stack and exit code 1, as an unhandled one does.
void docsweepCli(hideBin(process.argv)).parseAsync()
