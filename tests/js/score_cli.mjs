// Score many cases in one process: reads {"cases": [...]} on stdin, prints {"results": [...]} on stdout.
// Each result is the game as stateToDict gives it, or {"error": {kind, field, message}}.

import { runCase } from "./run_case.mjs";

// All of stdin as text.
async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

const { cases } = JSON.parse(await readStdin());
const results = cases.map(runCase);
process.stdout.write(JSON.stringify({ results }));
