// The API's JSON shapes of a game's state (scorekeeper/rules/table.py).

import { rulesToDict, teamsOf } from "./options.js";
import { sidesOf, teamLabel } from "./table.js";

// One hand as the API takes it.
function handBody(rules, hand) {
  if (hand.misdeal) return { misdeal: true };
  const body = { bidder: hand.bidder, bid: hand.bid, trump: hand.trump };
  if (hand.points === null) body.captured = { ...hand.captured };
  else body.points = [...hand.points];
  if (rules.all_tricks_bid !== null && hand.bid === rules.all_tricks_bid) body.all_tricks = hand.all_tricks;
  return body;
}

// One scored hand as the API shows it (where the dealer sits out, with the seats of its two sides).
function handToDict(rules, scored) {
  const { number, dealer, hand, points, delta, scores } = scored;
  const body = { number, dealer, ...handBody(rules, hand) };
  if (rules.sit_out) body.sides = sidesOf(rules, dealer);
  Object.assign(body, { points: [...points], delta: [...delta], scores: [...scores] });
  if (!hand.misdeal) body.made = scored.made;
  return body;
}

// The scored part of a game as the API shows it (state_to_dict).
export function stateToDict(state) {
  const { table, outcome } = state;
  const { rules, time_call: call } = table;
  const body = {
    rules: rulesToDict(rules),
    players: [...table.players],
    teams: teamsOf(rules).map((players, team) => ({ name: teamLabel(table, team), players })),
    hands: state.hands.map((scored) => handToDict(rules, scored)),
    scores: [...state.scores],
    status: state.status,
    winner: state.winner,
    next_dealer: state.next_dealer,
    next_number: state.next_number,
    result: outcome && { winner: outcome.winner, hand: outcome.hand, how: outcome.how, reason: outcome.reason },
    time_called: call && { after_hand: call.after_hand, finish_hand: call.finish_hand },
  };
  if (rules.sit_out) { // five at a table: the winners are a pair of players, not a team
    body.winners = [...state.winners];
    if (outcome) body.result.winners = [...outcome.winners];
  }
  return body;
}
