"""Forms for the pages that work without JavaScript (start a game, join it, confirm); the engine re-checks every
value. The hand form is handform.py's."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, HiddenField, RadioField, SelectField, StringField
from wtforms.validators import NumberRange, Optional, ValidationError

from scorekeeper.rules import DESCRIPTIONS, PRESETS, RuleError, player_counts_in_words
from scorekeeper.rules.catalogue import CATALOGUE, MAX_SEATS, POINT_VALUES
from scorekeeper.sheet.rulewords import USUAL_VALUES
from scorekeeper.sheet.words import POINT_LABELS
from scorekeeper.web.forms import SIT_OUT_LABEL, WholeField, name_error, options

MOONS = {
    "off": None,
    "win-lose": {"success": "win", "failure": "lose", "penalty": 10, "not_in_hole": False},
    "win-minus": {"success": "win", "failure": "minus", "penalty": 10, "not_in_hole": False},
    "win-minus-hole": {"success": "win", "failure": "minus", "penalty": 10, "not_in_hole": True},
}
SAME = "As the game says"


def _name_field(label: str) -> StringField:
    """A name box whose value is trimmed."""
    return StringField(label, filters=[lambda value: value.strip() if isinstance(value, str) else value])


def _check_names(boxes: list[str], what: str) -> None:
    """Each filled box holds a name rules.names accepts; the first that does not is named by its box number."""
    for number, name in enumerate(boxes, 1):
        problem = name_error(name, what.format(number)) if name else None
        if problem:
            raise ValidationError(problem)


def _yes_no(label: str, yes: str, no: str) -> SelectField:
    """A select of "as the game says", yes or no, worded for the option."""
    return SelectField(label, choices=options([("", SAME), ("yes", yes), ("no", no)]), default="")


# The kinds of Pitch the start page offers first: the seeds' games. The rest are under "More kinds of Pitch".
COMMON = ("ten-point", "ten-point-six", "tournament", "five-point", "cutthroat")


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
