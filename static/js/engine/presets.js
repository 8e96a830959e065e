// The presets: the seeds' games and the rest of the Pitch family, as the rules document gives them
// (scorekeeper/rules/presets.py).

import { DOCUMENT, RuleError, has } from "./base.js";

export const PRESETS = DOCUMENT.presets;
export const DESCRIPTIONS = DOCUMENT.descriptions;

// The preset called `variant`, or a RuleError naming the choices.
export function preset(variant) {
  if (typeof variant !== "string" || !has(PRESETS, variant)) {
    throw new RuleError(`Choose a variant: ${Object.keys(PRESETS).join(", ")}.`, "variant");
  }
  return PRESETS[variant];
}
