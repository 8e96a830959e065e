// The scoring engine, a port of scorekeeper/rules (the reference): plain data in, plain results out.
// Same checks, messages and fields as the server, so a phone scores a game offline exactly as it would.
// One module per part of the rules, under engine/; this is what the pages and the tests import.

export { CATALOGUE, Conflict, MOON, PAIR, RuleError, SUITS } from "./engine/base.js";
export { countWords, rulesToDict } from "./engine/options.js";
export { DESCRIPTIONS, PRESETS } from "./engine/presets.js";
export { houseRules } from "./engine/checks.js";
export { byCard, handTotal, parseHand, takesPoints } from "./engine/hands.js";
export { makeTable, sidesOf } from "./engine/table.js";
export { play, score, start } from "./engine/scoring.js";
export { stateToDict } from "./engine/json.js";
