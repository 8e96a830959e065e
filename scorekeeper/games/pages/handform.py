"""The hand form of the pages that work without JavaScript: a hand as the table calls it, card by card or by
points; the engine re-checks every value."""

from __future__ import annotations

import uuid
from typing import Any

from flask_wtf import FlaskForm
from wtforms import HiddenField, RadioField, StringField
from wtforms.validators import ValidationError

from scorekeeper.rules import MOON, PAIR, RuleError, parse_hand, rules_from_dict, sides_of
from scorekeeper.rules.catalogue import CATALOGUE
from scorekeeper.sheet.rulewords import SITS_OUT_LINE
from scorekeeper.sheet.words import SUITS, point_name
from scorekeeper.web.forms import options, whole

MOST_SIDES = 7  # the most sides a game has: seven players, each alone

def _answer(text: Any) -> int | str | None:
    """A radio answer as the API takes it: a whole number, None when blank, else the text (the engine refuses it)."""
    if text in (None, ""):
        return None
    number = whole(text)
    return text if number is None else number


def _radio(label: str, **kwargs) -> RadioField:
    """A radio group whose choices are set per game; the engine, not the choice list, checks the answer."""
    return RadioField(label, validate_choice=False, **kwargs)


TRUMPS = options([("", "Not noted")] + [(suit, f"{SUITS[suit]} {suit.title()}") for suit in SUITS])
CHANGED = "This form was changed after the page was shown, so nothing was saved. Reload the page and try again."


class HandForm(FlaskForm):
    """One hand: bidder, bid, trump, and who took each point, with this game's seats, bids and sides as choices."""

    hand_id = HiddenField()
    number = HiddenField()
    bidder = _radio("Who won the bid?")
    bid = _radio("Bid")
    all_tricks = _radio("Did the bidders take all six tricks?", choices=options([("yes", "Yes"), ("no", "No")]))
    trump = _radio("Trump (optional)", default="", choices=TRUMPS)
    taken = _radio("Points the bidders took")  # quick entry with two sides; the other side has the rest

    def __init__(self, game: dict[str, Any], dealer: int | None = None, **kwargs) -> None:
        """The form for `game` (the sheet JSON): its players, bids and sides; points the game does not use left out.

        `dealer` deals the hand (the next hand's by default): where the dealer sits out, the sides are that hand's.
        """
        super().__init__(**kwargs)
        self.rules = rules_from_dict(game["rules"])
        self.points = tuple(self.rules.points)
        self.quick = self.rules.in_play == "all" and not self.rules.nullable  # hands may be given as points
        self.total = self.rules.total_points
        self.dealer = game["next_dealer"] if dealer is None else dealer
        self.dealer_name = game["players"][self.dealer]
        self.sitting_out: int | None = None  # the dealer's seat, where the dealer sits out
        self.seated = None
        if self.rules.sit_out:
            self.sitting_out = self.dealer
            self.seated = sides_of(self.rules.players, self.dealer)
            self.sides = [PAIR.join(game["players"][seat] for seat in seats) for seats in self.seated]
        else:
            self.sides = [side["name"] for side in game["teams"]]
        two = self.quick and self.rules.team_count == 2
        if two:
            self.taken.choices = options((number, str(number)) for number in range(self.total + 1))
        else:
            del self["taken"]
        for team in range(MOST_SIDES):
            if two or not self.quick or team >= self.rules.team_count:
                del self[f"points_{team}"]
        self.bidder.choices = options(enumerate(game["players"]))
        bids = [(bid, str(bid)) for bid in range(self.rules.min_bid, self.rules.max_bid + 1)]
        self.bid.choices = options(bids + ([(MOON, "Moon")] if self.rules.moon else []))
        if self.rules.all_tricks_bid is None:
            del self["all_tricks"]
        sides = list(enumerate(self.sides))
        for key in CATALOGUE:
            if key not in self.points:
                del self[f"captured_{key}"]
            else:
                nobody = [("none", "Nobody")] if key in self.rules.nullable else []
                self[f"captured_{key}"].choices = options(sides + nobody)

    def side_of(self, bidder: int) -> int:
        """The side (team) a seat plays for in this hand: where the dealer sits out, side 0 or 1 of the deal."""
        if self.seated is None:
            return self.rules.team_of(bidder)
        return 0 if bidder in self.seated[0] else 1

    sits_out_words = SITS_OUT_LINE

    def sits_out_line(self) -> str:
        """Who sits this hand out and the two sides, where the dealer sits out; else nothing."""
        if self.seated is None:
            return ""
        return SITS_OUT_LINE.format(dealer=self.dealer_name, first=self.sides[0], second=self.sides[1])

    def validate_all_tricks(self, field) -> None:
        """The all-tricks bid says whether every trick was taken (the API's team number is a yes or no here)."""
        if self.bid_value() == self.rules.all_tricks_bid and field.data not in ("yes", "no"):
            raise ValidationError(f"A bid of {self.bid.data} needs every trick: say whether the bidders took all six.")

    def validate_number(self, field) -> None:
        """The hand number the page was shown for is a number (it comes back from a hidden field)."""
        if field.data not in (None, "") and whole(field.data) is None:
            raise ValidationError(CHANGED)

    def validate(self, extra_validators=None) -> bool:
        """The form's own checks, then the hand as the engine checks it, each message at the field it names."""
        valid = super().validate(extra_validators)
        refusals = self.refusals()
        for error in refusals:
            self.show_error(error)
        return valid and not refusals

    def refusals(self) -> list[RuleError]:
        """The engine's refusals of this hand, one per answer: each one at fault is set aside, the rest checked."""
        body, found = self.body(), []
        while True:
            try:
                parse_hand(body, self.rules)
            except RuleError as error:
                if found and error.field == "all_tricks":  # judged against answers set aside: not the table's
                    return found
                found.append(error)
                if not self._set_aside(body, error.field or ""):
                    return found
            else:
                return found

    def _set_aside(self, body: dict[str, Any], field: str) -> bool:
        """Put a stand-in for the answer `field` names so the engine goes on to the next; False when it cannot."""
        stand_ins = {"bidder": 0, "bid": self.rules.min_bid}
        if field in stand_ins and body.get(field) != stand_ins[field]:
            body[field] = stand_ins[field]
        elif field.startswith("captured.") and body["captured"].get(field[9:], "") != 0:
            body["captured"][field[9:]] = 0
        elif field == "trump" and "trump" in body:
            del body["trump"]
        else:
            return False
        return True

    def bid_value(self) -> int | str | None:
        """The bid as the API takes it."""
        return MOON if self.bid.data == MOON else _answer(self.bid.data)

    def misdeal(self) -> dict[str, Any] | None:
        """The body of a misdeal, or None (and the reason above the form) when the hidden number was changed."""
        if self.number.data not in (None, "") and whole(self.number.data) is None:
            self.form_errors.append(CHANGED)
            return None
        return {"misdeal": True, "id": self.hand_id.data or None}

    def expected_number(self) -> int | None:
        """The hand number the form was shown for (another phone may have logged one since)."""
        return whole(self.number.data)

    def side_fields(self) -> list:
        """The quick-entry fields this form has: the bidders' points (two sides), or one box per side."""
        if not self.quick:
            return []
        if self.taken is not None:
            return [self.taken]
        return [self[f"points_{team}"] for team in range(self.rules.team_count)]

    def quick_errors(self) -> list[str]:
        """The messages at quick entry's fields."""
        return [message for field in self.side_fields() for message in field.errors]

    def quick_points(self, bidder: Any) -> list[Any] | None:
        """Each side's points from quick entry (the bidders' count and the rest to the others), or None if blank."""
        fields = self.side_fields()
        if not any(field.data not in (None, "") for field in fields):
            return None
        if self.taken is None:
            return [_answer(field.data) for field in fields]
        taken = _answer(self.taken.data)
        if not isinstance(taken, int) or taken > self.total:
            return [taken, taken]  # not a count of this hand's points: the engine says what a hand takes
        seated = isinstance(bidder, int) and 0 <= bidder < self.rules.players
        points = [self.total - taken] * 2
        points[self.side_of(bidder) if seated else 0] = taken
        return points

    def body(self) -> dict[str, Any]:
        """The hand body for games.add_hand / replace_hand."""
        bidder, bid = _answer(self.bidder.data), self.bid_value()
        captured: dict[str, Any] = {}
        for key in self.points:
            value = self[f"captured_{key}"].data
            if value not in (None, ""):
                captured[key] = None if value == "none" else _answer(value)
        body: dict[str, Any] = {"bidder": bidder, "bid": bid, "captured": captured, "id": self.hand_id.data or None}
        points = self.quick_points(bidder)
        if points is not None:
            body["points"] = points
            if not captured:
                del body["captured"]
        if self.trump.data:
            body["trump"] = self.trump.data
        if self.all_tricks is not None and bid == self.rules.all_tricks_bid:
            took_all = self.all_tricks.data == "yes" and isinstance(bidder, int) and 0 <= bidder < self.rules.players
            body["all_tricks"] = self.side_of(bidder) if took_all else None
        return body

    def show_error(self, error: RuleError) -> None:
        """Put the engine's message next to the field it names, or above the form."""
        name = (error.field or "").replace(".", "_")
        if name == "points" and self.side_fields():
            name = self.side_fields()[0].name
        field = self._fields.get(name) if name not in ("hand_id", "number") else None
        if field is None:
            if error.message not in self.form_errors:
                self.form_errors.append(error.message)
        elif error.message not in field.errors:
            field.errors = [*field.errors, error.message]

    def load(self, hand: dict[str, Any]) -> None:
        """Fill the form from a recorded hand (editing)."""
        self.hand_id.data = hand.get("id")
        self.number.data = str(hand["number"])
        if hand.get("misdeal"):
            return
        self.bidder.data = str(hand["bidder"])
        self.bid.data = str(hand["bid"])
        self.trump.data = hand.get("trump") or ""
        for key, team in (hand.get("captured") or {}).items():
            self[f"captured_{key}"].data = "none" if team is None else str(team)
        if "captured" not in hand and self.side_fields():
            if self.taken is not None:
                self.taken.data = str(hand["points"][self.side_of(hand["bidder"])])
            else:
                for team, field in enumerate(self.side_fields()):
                    field.data = str(hand["points"][team])
        if "all_tricks" in hand and self.all_tricks is not None:
            self.all_tricks.data = "no" if hand["all_tricks"] is None else "yes"



# Who took each point: one field per point of the catalogue, in its order; a game keeps those it uses.
for _key in CATALOGUE:
    setattr(HandForm, f"captured_{_key}", _radio(point_name(_key)))
del _key
# Quick entry with more than two sides (each player alone): one box per side, as many as a game can have.
for _team in range(MOST_SIDES):
    setattr(HandForm, f"points_{_team}", StringField(f"Side {_team + 1}"))
del _team

def new_hand_form(game: dict[str, Any], **kwargs) -> HandForm:
    """The form for the next hand, with a fresh hand id so a repeated post records it once."""
    form = HandForm(game, **kwargs)
    if not form.hand_id.data:
        form.hand_id.data = str(uuid.uuid4())
    if not form.number.data:
        form.number.data = str(game["next_number"])
    return form


