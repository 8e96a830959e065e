// Loaded with `node --import ./tests/js/rules.mjs`: the engine's `./rules.json` is the document Python writes
// (python -m scorekeeper.rules.document, or $PITCH_RULES_DOCUMENT where the caller has it), as the app serves it at
// /rules.json. The engine keeps no copy of it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { register } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const VENV = join(ROOT, ".venv", "bin", "python");
const PYTHON = process.env.PYTHON || (existsSync(VENV) ? VENV : "python3");

// Written once per run: the test runner's processes for each file inherit it (as do pytest's node processes).
function written() {
  const run = spawnSync(PYTHON, ["-m", "scorekeeper.rules.document"], { cwd: ROOT, encoding: "utf-8" });
  if (run.status !== 0) throw new Error(`${PYTHON} -m scorekeeper.rules.document failed: ${run.stderr || run.error}`);
  return run.stdout;
}

process.env.PITCH_RULES_DOCUMENT ||= written();
const engine = new URL("../../static/js/engine/", import.meta.url).href;
register("./rules-hooks.mjs", import.meta.url, { data: { document: process.env.PITCH_RULES_DOCUMENT, engine } });
