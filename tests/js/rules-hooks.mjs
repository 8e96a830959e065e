// Module hooks (see rules.mjs): the engine's `./rules.json` resolves to the rules document Python wrote.
let document;
let engine;

export function initialize(data) {
  ({ document, engine } = data);
}

export function resolve(specifier, context, next) {
  if (specifier === "./rules.json" && context.parentURL?.startsWith(engine)) {
    return { url: `data:application/json,${encodeURIComponent(document)}`, shortCircuit: true };
  }
  return next(specifier, context);
}
