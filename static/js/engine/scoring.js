// Scoring: replay recorded hands into scores, dealer, winner (scorekeeper/rules/scoring.py, state.py,
// endings.py).

import { CATALOGUE, Conflict, MOON, RuleError, freeze, has, zeros } from "./base.js";
import { pointsOf, scoreCount, teamCount, teamOf, totalPoints } from "./options.js";
import { pairLabel, sidesOf, teamLabel } from "./table.js";

// A game after replaying its hands, with its status, winner and next hand number.
function gameState({ table, hands = [], scores, next_dealer = 0, outcome = null }) {
  const [status, winner] = outcome ? ["finished", outcome.winner] : ["playing", null];
  const derived = { status, winner, winners: outcome ? outcome.winners : freeze([]), next_number: hands.length + 1 };
  return freeze({ table, hands: freeze(hands), scores: freeze(scores), next_dealer, outcome, ...derived });
}

// A game before its first hand.
export function start(table) {
  const dealer = table.rules.first_dealer ?? 0;
  return decideOnTime(gameState({ table, scores: zeros(scoreCount(table.rules)), next_dealer: dealer }));
}

// Replay every hand in order from the start.
export function score(table, hands) {
  return hands.reduce(play, start(table));
}

// The game after one more hand, or a RuleError/Conflict saying why not.
export function play(state, hand) {
  const { table, outcome, next_dealer: dealer, next_number: number } = state;
  const { rules } = table;
  if (outcome) throw new Conflict(`The game is over: ${outcome.reason}. Start a new game to play on.`);
  if (hand.misdeal) {
    const [points, delta] = [freeze(zeros(teamCount(rules))), freeze(zeros(scoreCount(rules)))];
    const scored = freeze({ number, dealer, hand, points, made: null, delta, scores: state.scores });
    return decideOnTime(gameState({ ...state, hands: [...state.hands, scored] }));
  }
  const bidding = biddingSide(table, dealer, hand.bidder);
  checkMoonInHole(state, hand, bidding);
  const points = freeze(handPoints(rules, hand));
  const [made, sideDelta] = result(rules, hand, bidding, points);
  const delta = rules.sit_out ? playerDeltas(rules, dealer, sideDelta) : sideDelta;
  const scores = freeze(state.scores.map((before, team) => before + delta[team]));
  const scored = freeze({ number, dealer, hand, points, made, delta: freeze(delta), scores });
  const next_dealer = (dealer + 1) % rules.players;
  const after = gameState({ ...state, hands: [...state.hands, scored], scores, next_dealer });
  return decideOnTime(gameState({ ...after, outcome: decide(after, scored, bidding, state.scores) }));
}

// The bidding team, or where the dealer sits out the bidding side of this hand (the dealer never bids).
function biddingSide(table, dealer, bidder) {
  const { rules } = table;
  if (!rules.sit_out) return teamOf(rules, bidder);
  if (bidder === dealer) {
    throw new RuleError(
      `${table.players[dealer]} deals this hand and sits it out, so cannot be the bidder: choose one of the four who play.`,
      "bidder",
    );
  }
  return sidesOf(rules, dealer)[0].includes(bidder) ? 0 : 1;
}

// A moon that needs the bidders' score at 0 or more: the team's, or where the dealer sits out the bidder's own.
function checkMoonInHole(state, hand, bidding) {
  const { table } = state;
  if (!(hand.bid === MOON && table.rules.moon.not_in_hole)) return;
  const column = table.rules.sit_out ? hand.bidder : bidding;
  if (state.scores[column] < 0) {
    throw new RuleError(
      `${teamLabel(table, column)} ${table.rules.sit_out ? "is" : "are"} in the hole (${state.scores[column]}) ` +
        "and may not shoot the moon.",
      "bid",
    );
  }
}

// Each player's change where the dealer sits out: their side's result, and nothing for the dealer.
function playerDeltas(rules, dealer, sideDelta) {
  const change = zeros(rules.players);
  sidesOf(rules, dealer).forEach((seats, side) => seats.forEach((seat) => { change[seat] = sideDelta[side]; }));
  return change;
}

// Each team's points in the hand.
function handPoints(rules, hand) {
  if (hand.points !== null) return [...hand.points];
  const points = zeros(teamCount(rules));
  for (const [key, team] of Object.entries(hand.captured)) if (team !== null) points[team] += pointsOf(rules)[key];
  return points;
}

// Made or set, and what each team scores.
function result(rules, hand, bidding, points) {
  let made;
  let cost = hand.bid;
  if (hand.bid === MOON) {
    made = tookEveryPoint(rules, hand, bidding, points);
    cost = teamCount(rules) === 2 ? rules.moon.penalty : totalPoints(rules);
  } else if (hand.bid === rules.all_tricks_bid) {
    made = hand.all_tricks === bidding && Object.values(hand.captured).every((team) => team === bidding);
    if (made) return [true, points.map((_, team) => (team === bidding ? hand.bid : 0))];
  } else {
    made = points[bidding] >= hand.bid;
  }
  if (made) return [true, [...points]];
  return [false, points.map((taken, team) => (team === bidding ? 0 - cost : taken))];
}

// Whether `team` took every point that was in play (a point that went to nobody is not needed).
function tookEveryPoint(rules, hand, team, points) {
  if (hand.points !== null) return points[team] === totalPoints(rules);
  const takers = Object.values(hand.captured).filter((taker) => taker !== null);
  return takers.every((taker) => taker === team) && points[team] > 0;
}

// The team that took every point of the hand, none gone to nobody: a smudge (where the rules have it).
function smudger(rules, hand, points) {
  if (!rules.smudge || Object.values(hand.captured).includes(null)) return null;
  const team = points.findIndex((taken) => taken === totalPoints(rules));
  return team === -1 ? null : team;
}

// Whether this hand ends the game, and for whom (`winners`: the score columns that won).
function decide(state, scored, bidding, before) {
  if (state.table.rules.sit_out) return decideFive(state, scored, bidding);
  const outcome = decideTeams(state, scored, bidding, before);
  return outcome && freeze({ ...outcome, winners: freeze([outcome.winner]) });
}

// Where the dealer sits out: whether this hand ends the game, and for which pair (the side that ends it).
function decideFive(state, scored, bidding) {
  const { table, scores } = state;
  const { rules } = table;
  const { hand, made } = scored;
  const sides = sidesOf(rules, scored.dealer);
  const pair = (side, how, reason) => freeze({
    winner: null, hand: scored.number, how, reason: `${pairLabel(table, sides[side])} ${reason}`,
    winners: freeze([...sides[side]]),
  });
  if (hand.bid === MOON && made && rules.moon.success === "win") return pair(bidding, "moon", "shot the moon");
  const smudged = smudger(rules, hand, scored.points);
  if (smudged !== null) return pair(smudged, "smudge", "took every point: a smudge");
  const best = sides.map((seats) => Math.max(...seats.map((seat) => scores[seat])));
  if (Math.max(...best) < rules.target) return null;
  const bid = hand.bid === MOON ? "the moon" : hand.bid;
  const top = (side) => topPlayer(table, sides[side], scores);
  if (rules.end === "bid_only") {
    return made && best[bidding] >= rules.target ? pair(bidding, "bid", `made ${bid}, ${top(bidding)}`) : null;
  }
  if (rules.end === "highest_past_target") {
    const side = best[bidding] >= best[1 - bidding] ? bidding : 1 - bidding;
    return pair(side, "target", `hold the highest score, ${top(side)}`);
  }
  const side = best[bidding] >= rules.target ? bidding : 1 - bidding;
  return pair(side, "target", `reached the target, ${top(side)}`);
}

// The higher-scoring player of a pair and their score, in words: "Ann on 33".
function topPlayer(table, seats, scores) {
  const seat = seats.reduce((best, next) => (scores[next] > scores[best] ? next : best));
  return `${table.players[seat]} on ${scores[seat]}`;
}

// Whether this hand ends a game of teams (or players alone), and for whom.
function decideTeams(state, scored, bidding, before) {
  const { table, scores } = state;
  const { rules } = table;
  const { hand, made } = scored;
  const label = (team) => teamLabel(table, team);
  const outcome = (winner, how, reason) => freeze({ winner, hand: scored.number, how, reason });
  const moon = hand.bid === MOON ? rules.moon : null;
  if (moon && made && moon.success === "win") return outcome(bidding, "moon", `${label(bidding)} shot the moon`);
  if (moon && !made && moon.failure === "lose") {
    return outcome(1 - bidding, "moon_failed", `${label(bidding)} missed the moon`);
  }
  const smudged = smudger(rules, hand, scored.points);
  if (smudged !== null) return outcome(smudged, "smudge", `${label(smudged)} took every point: a smudge`);
  if (rules.end === "highest_past_target") {
    if (Math.max(...scores) < rules.target) return null;
    const leaders = scores.map((_, team) => team).filter((team) => scores[team] === Math.max(...scores));
    const winner = leaders.length === 1 ? leaders[0] : leaders.includes(bidding) ? bidding : null;
    return winner === null ? null : outcome(winner, "target", `${label(winner)} reached ${scores[winner]}, the highest score`);
  }
  if (rules.end === "bid_only") {
    return made && scores[bidding] >= rules.target ? outcome(bidding, "bid", madeReason(table, scored, bidding)) : null;
  }
  const reached = scores.map((_, team) => team).filter((team) => scores[team] >= rules.target);
  if (reached.includes(bidding)) return outcome(bidding, "target", madeReason(table, scored, bidding));
  if (!reached.length) return null;
  const winner = firstDefender(rules, hand, reached, before, scores);
  return winner === null ? null : outcome(winner, "target", `${label(winner)} reached ${scores[winner]}`);
}

// Why a bidding team won: "Us made 5 and reached 33".
function madeReason(table, scored, bidding) {
  const bid = scored.hand.bid === MOON ? "the moon" : scored.hand.bid;
  return `${teamLabel(table, bidding)} made ${bid} and reached ${scored.scores[bidding]}`;
}

// Among defenders past the target, the one that got there first.
function firstDefender(rules, hand, reached, before, scores) {
  if (rules.in_play === "dealt") {
    const running = [...before];
    const already = reached.filter((team) => running[team] >= rules.target);
    if (already.length === 1) return already[0];
    if (!already.length) {
      for (const key of CATALOGUE) {
        const team = has(hand.captured, key) ? hand.captured[key] : null;
        if (team === null || !reached.includes(team)) continue;
        running[team] += rules.points[key];
        if (running[team] >= rules.target) return team;
      }
    }
  }
  return uniqueLeader(scores, reached);
}

// The team with the strictly highest score, or null when level.
function uniqueLeader(scores, among) {
  const best = Math.max(...among.map((team) => scores[team]));
  const leaders = among.filter((team) => scores[team] === best);
  return leaders.length === 1 ? leaders[0] : null;
}

// After time is called, the team ahead wins; level scores play on.
function decideOnTime(state) {
  const { table, scores, hands } = state;
  const call = table.time_call;
  if (state.outcome || !call || hands.length < call.after_hand + (call.finish_hand ? 1 : 0)) return state;
  if (table.rules.sit_out) return decideFiveOnTime(state);
  const leader = uniqueLeader(scores, scores.map((_, team) => team));
  if (leader === null) return state;
  const runnerUp = Math.max(...scores.filter((_, team) => team !== leader));
  const reason = `time was called with ${teamLabel(table, leader)} ahead, ${scores[leader]} to ${runnerUp}`;
  const winners = freeze([leader]);
  return gameState({ ...state, outcome: freeze({ winner: leader, hand: hands.length, how: "time", reason, winners }) });
}

// Time called where the dealer sits out: the side of the last hand with the higher player wins; level plays on.
function decideFiveOnTime(state) {
  const { table, scores, hands } = state;
  if (!hands.length) return state;
  const sides = sidesOf(table.rules, hands.at(-1).dealer);
  const best = sides.map((seats) => Math.max(...seats.map((seat) => scores[seat])));
  if (best[0] === best[1]) return state;
  const side = best[0] > best[1] ? 0 : 1;
  const reason = `time was called with ${topPlayer(table, sides[side], scores)}, ahead of ${best[1 - side]}`;
  const outcome = freeze({
    winner: null, hand: hands.length, how: "time", reason: `${pairLabel(table, sides[side])}: ${reason}`,
    winners: freeze([...sides[side]]),
  });
  return gameState({ ...state, outcome });
}
