"""Forms for the pages that work without JavaScript; the engine re-checks every value."""

from __future__ import annotations

import re
import uuid
from typing import Any

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    FieldList,
    HiddenField,
    IntegerField,
    RadioField,
    SelectChoice,
    SelectField,
    StringField,
)
from wtforms.validators import NumberRange, Optional, ValidationError

from ..rules import (
    DESCRIPTIONS,
    MOON,
    PAIR,
    PRESETS,
    RuleError,
    parse_hand,
    player_counts_in_words,
    rules_from_dict,
    sides_of,
)
from ..rules.names import NAME_MAX, clean_name
from ..rules.options import CATALOGUE, MAX_SEATS, POINT_VALUES
from .rulewords import SITS_OUT_LINE, USUAL_VALUES
from .view import POINT_LABELS, SUITS, point_name

MOONS = {
    "off": None,
    "win-lose": {"success": "win", "failure": "lose", "penalty": 10, "not_in_hole": False},
    "win-minus": {"success": "win", "failure": "minus", "penalty": 10, "not_in_hole": False},
    "win-minus-hole": {"success": "win", "failure": "minus", "penalty": 10, "not_in_hole": True},
}
SAME = "As the game says"
MOST_SIDES = 7  # the most sides a game has: seven players, each alone


def options(pairs) -> list[SelectChoice]:
    """Choices for a radio or select field from (value, label) pairs."""
    return [SelectChoice(str(value), label) for value, label in pairs]


def whole(text: Any, digits: int = 9) -> int | None:
    """A form value of 1 to `digits` ASCII digits as an int, or None (never str.isdigit, which takes "²")."""
    if isinstance(text, str) and re.fullmatch(f"[0-9]{{1,{digits}}}", text):
        return int(text)
    return None


class WholeField(IntegerField):
    """A whole number written in ASCII digits (int() would also take "٣", "1_0" and spaces)."""

    def process_formdata(self, valuelist) -> None:
        """The number, or a message saying how to write one."""
        if not valuelist:
            return
        self.data = whole(valuelist[0].strip())
        if self.data is None:
            raise ValueError("Write a whole number with the digits 0 to 9, such as 30.")


def name_error(name: str, what: str, longest: int = NAME_MAX) -> str | None:
    """Why `name` cannot be stored (rules.names says it in words), or None when it can."""
    try:
        clean_name(name, what, longest=longest)
    except RuleError as error:
        return error.message
    return None


def _name_field(label: str) -> StringField:
    """A name box whose value is trimmed."""
    return StringField(label, filters=[lambda value: value.strip() if isinstance(value, str) else value])


def _check_names(boxes: list[str], what: str) -> None:
    """Each filled box holds a name rules.names accepts; the first that does not is named by its box number."""
    for number, name in enumerate(boxes, 1):
        problem = name_error(name, what.format(number)) if name else None
        if problem:
            raise ValidationError(problem)


# The kinds of Pitch the start page offers first: the seeds' games. The rest are under "More kinds of Pitch".
COMMON = ("ten-point", "ten-point-six", "tournament", "five-point", "cutthroat")


def _yes_no(label: str, yes: str, no: str) -> SelectField:
    """A select of "as the game says", yes or no, worded for the option."""
    return SelectField(label, choices=options([("", SAME), ("yes", yes), ("no", no)]), default="")


SIT_OUT_LABEL = "5 players: the dealer sits out"  # rules.md, five at a table: the start pages' box


class StartForm(FlaskForm):
    """A new game: preset, players in seat order, team names, house rules (any option the engine takes)."""

    variant = RadioField("Game", choices=options(DESCRIPTIONS.items()), default="ten-point")
    players = FieldList(_name_field("Player"), min_entries=MAX_SEATS, max_entries=MAX_SEATS)
    team_names = FieldList(_name_field("Team"), min_entries=2, max_entries=2)
    sit_out = BooleanField(SIT_OUT_LABEL)
    custom_points = BooleanField("Play with the points ticked here instead of the game's")
    in_play = SelectField("Which point cards count", choices=options([
        ("", SAME), ("all", "Every point card is always dealt (a lost card is a misdeal)"),
        ("dealt", "Only the cards dealt: a card point may go to nobody"),
    ]), default="")
    partners = _yes_no("Partners", "Partners, sitting across the table", "Everyone plays alone")
    smudge = _yes_no("Smudge", "Taking every point of a hand wins the game at once", "No smudge")
    target = WholeField("Points to win", validators=[Optional(), NumberRange(1, 1000)])
    min_bid = WholeField("Lowest bid", validators=[Optional(), NumberRange(1, 20)])
    max_bid = WholeField("Highest bid", validators=[Optional(), NumberRange(1, 20)])
    moon = SelectField("Shooting the moon", choices=options([
        ("", SAME), ("off", "No moon"),
        ("win-lose", "Making it wins the game, missing it loses the game"),
        ("win-minus", "Making it wins the game, missing it costs 10"),
        ("win-minus-hole", "Making it wins, missing it costs 10, not allowed in the hole"),
    ]), default="")
    end = SelectField("How the game ends", choices=options([
        ("", SAME), ("bid_only", "Win only on your own bid"), ("first_to_target", "First to the target wins"),
        ("highest_past_target", "Once someone reaches the target, the highest score wins"),
    ]), default="")
    clock = WholeField("Clock in minutes (0 for none)", validators=[Optional(), NumberRange(0, 600)])
    all_tricks_bid = SelectField("The bid that needs every trick", choices=options([
        ("", SAME), ("off", "None: every bid is made on points alone"),
    ]), default="")
    dealer_may_match = _yes_no("The dealer and the top bid", "The dealer may take the bid by matching it",
                               "The dealer must bid higher, like everyone else")
    all_pass = SelectField("When everyone passes", choices=options([
        ("", SAME), ("dealer", "The dealer must bid (the bid below)"), ("redeal", "The hand is dealt again"),
    ]), default="")
    forced_bid = WholeField("The dealer's bid when everyone passes", validators=[Optional(), NumberRange(1, 20)])
    trump_with_bid = _yes_no("Naming trump", "The bidder names trump with the bid",
                             "The bidder names trump after winning the bid")

    def rules_preset(self):
        """The chosen preset's rules (ten-point while none is chosen)."""
        return PRESETS.get(self.variant.data or "", PRESETS["ten-point"])

    def game_rules(self):
        """The rules the answers make (the preset with the house rules), or the preset's when they are refused."""
        try:
            return self.rules_preset().with_overrides(self.rules_body() or None)
        except RuleError:
            return self.rules_preset()

    def names(self) -> list[str]:
        """The players' names in seat order, blanks left out."""
        return [name for name in self.players.data if name]

    def validate(self, extra_validators=None) -> bool:
        """Every answer checked; a game that is not on the list shows the default one again, with the reason."""
        valid = super().validate(extra_validators)
        if self.variant.data not in PRESETS:
            self.variant.data, self.variant.errors = None, ["Choose one of the games listed."]
        return valid

    def validate_players(self, field) -> None:
        """As many names as the game has seats, each one a name the sheet can show."""
        rules = self.game_rules()
        if len(self.names()) not in rules.seat_counts:
            words = player_counts_in_words(rules)
            need = f"write {rules.players} names" if len(rules.seat_counts) == 1 else "write a name for each"
            raise ValidationError(f"This game is for {words} players: {need}, in seating order.")
        _check_names(field.data, "Player {}'s name")

    def validate_team_names(self, field) -> None:
        """Both teams named, or neither, each one a name the sheet can show."""
        given = [name for name in field.data if name]
        if given and len(given) != 2 and self.game_rules().partners and not self.sit_out.data:
            raise ValidationError("Name both teams, or leave both blank.")
        _check_names(field.data, "Team {}'s name")

    def validate_forced_bid(self, field) -> None:
        """A bid for the dealer only where the dealer bids: not with a hand that is dealt again."""
        if field.data is not None and self.all_pass.data == "redeal":
            raise ValidationError("With the hand dealt again when everyone passes, the dealer has no bid: "
                                  "leave this blank, or choose that the dealer must bid.")

    def forced_bid_body(self) -> tuple[bool, int | None]:
        """Whether the answers set what happens when all pass, and the dealer's bid (None: dealt again)."""
        if self.all_pass.data == "redeal":
            return True, None
        if self.forced_bid.data is not None:
            return True, self.forced_bid.data
        preset = self.rules_preset()
        if self.all_pass.data == "dealer" and preset.forced_bid is None:
            return True, preset.min_bid if self.min_bid.data is None else self.min_bid.data
        return False, None

    def points_body(self) -> dict[str, int]:
        """The ticked points with their values (a blank value is the point's usual one)."""
        chosen = {}
        for key in CATALOGUE:
            if self[f"point_{key}"].data:
                worth = self[f"worth_{key}"].data
                chosen[key] = USUAL_VALUES[key] if worth is None else worth
        return chosen

    def rules_body(self) -> dict[str, Any]:
        """The house rules the answers set (only those not left as the game says)."""
        rules: dict[str, Any] = {}
        if self.sit_out.data:
            rules["sit_out"] = "dealer"
        if self.custom_points.data:
            rules["points"] = self.points_body()
        if self.in_play.data:
            rules["in_play"] = self.in_play.data
        for name in ("partners", "smudge"):
            if getattr(self, name).data:
                rules[name] = getattr(self, name).data == "yes"
        for name in ("target", "min_bid", "max_bid"):
            if getattr(self, name).data is not None:
                rules[name] = getattr(self, name).data
        if self.moon.data:
            rules["moon"] = MOONS.get(self.moon.data)
        if self.end.data:
            rules["end"] = self.end.data
        if self.clock.data is not None:
            rules["time_limit_minutes"] = self.clock.data or None
        if self.all_tricks_bid.data == "off":
            rules["all_tricks_bid"] = None
        for name in ("dealer_may_match", "trump_with_bid"):
            if getattr(self, name).data:
                rules[name] = getattr(self, name).data == "yes"
        changed, forced = self.forced_bid_body()
        if changed:
            rules["forced_bid"] = forced
        return rules

    def body(self) -> dict[str, Any]:
        """The POST /api/games body these answers make."""
        body: dict[str, Any] = {"variant": self.variant.data, "players": self.names()}
        teams = [name for name in self.team_names.data if name]
        if teams and self.game_rules().partners and not self.sit_out.data:  # five: the sides change every hand
            body["team_names"] = teams
        rules = self.rules_body()
        if rules:
            body["rules"] = rules
        return body

    def show_error(self, error: RuleError) -> None:
        """Put the engine's message next to the field it names."""
        field = {
            "variant": self.variant, "players": self.players, "team_names": self.team_names,
            "rules.target": self.target, "rules.min_bid": self.min_bid, "rules.max_bid": self.max_bid,
            "rules.forced_bid": self.forced_bid, "rules.dealer_may_match": self.dealer_may_match,
            "rules.trump_with_bid": self.trump_with_bid, "rules.moon": self.moon, "rules.end": self.end,
            "rules.time_limit_minutes": self.clock, "rules.all_tricks_bid": self.all_tricks_bid,
            "rules.points": self.custom_points, "rules.in_play": self.in_play, "rules.partners": self.partners,
            "rules.smudge": self.smudge, "rules.players": self.players, "rules.sit_out": self.sit_out,
        }.get(error.field or "", self.variant)
        field.errors = [*field.errors, error.message]


# The points of the catalogue, each a tick box and its value (blank: the usual value).
for _key in CATALOGUE:
    setattr(StartForm, f"point_{_key}", BooleanField(POINT_LABELS[_key]))
    setattr(StartForm, f"worth_{_key}", WholeField(f"{POINT_LABELS[_key]} is worth",
                                                   validators=[Optional(), NumberRange(*POINT_VALUES)]))
del _key


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


class JoinForm(FlaskForm):
    """A co-scorer's phone takes the edit key from the link it was sent."""

    key = StringField("Edit key")

    def validate_key(self, field) -> None:
        """Something that looks like a key."""
        if not field.data or not field.data.strip():
            raise ValidationError("Paste the edit key from the scorer's link.")


class ConfirmForm(FlaskForm):
    """Yes to a destructive action (undo, call time); carries what it was about."""

    hand_id = HiddenField()
    number = HiddenField()
    finish_hand = HiddenField()
