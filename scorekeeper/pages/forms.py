"""Forms for the pages that work without JavaScript; the engine re-checks every value."""

from __future__ import annotations

import uuid
from typing import Any

from flask_wtf import FlaskForm
from wtforms import FieldList, HiddenField, IntegerField, RadioField, SelectChoice, SelectField, StringField
from wtforms.validators import NumberRange, Optional, ValidationError

from ..rules import DESCRIPTIONS, PRESETS, RuleError
from ..rules.options import NULLABLE, SCHEMES
from ..rules.table import NAME_MAX
from .view import SUITS, point_name

MOONS = {
    "off": None,
    "win-lose": {"success": "win", "failure": "lose", "penalty": 10, "not_in_hole": False},
    "win-minus": {"success": "win", "failure": "minus", "penalty": 10, "not_in_hole": False},
    "win-minus-hole": {"success": "win", "failure": "minus", "penalty": 10, "not_in_hole": True},
}
SAME = "As the game says"


def options(pairs) -> list[SelectChoice]:
    """Choices for a radio or select field from (value, label) pairs."""
    return [SelectChoice(str(value), label) for value, label in pairs]


def _name_field(label: str) -> StringField:
    """A name box whose value is trimmed."""
    return StringField(label, filters=[lambda value: value.strip() if isinstance(value, str) else value])


class StartForm(FlaskForm):
    """A new game: preset, players in seat order, team names, house rules."""

    variant = RadioField("Game", choices=options(DESCRIPTIONS.items()), default="ten-point")
    players = FieldList(_name_field("Player"), min_entries=6, max_entries=6)
    team_names = FieldList(_name_field("Team"), min_entries=2, max_entries=2)
    target = IntegerField("Points to win", validators=[Optional(), NumberRange(1, 1000)])
    min_bid = IntegerField("Lowest bid", validators=[Optional(), NumberRange(1, 20)])
    max_bid = IntegerField("Highest bid", validators=[Optional(), NumberRange(1, 20)])
    moon = SelectField("Shooting the moon", choices=options([
        ("", SAME), ("off", "No moon"),
        ("win-lose", "Making it wins the game, missing it loses the game"),
        ("win-minus", "Making it wins the game, missing it costs 10"),
        ("win-minus-hole", "Making it wins, missing it costs 10, not allowed in the hole"),
    ]), default="")
    end = SelectField("How the game ends", choices=options([
        ("", SAME), ("bid_only", "Win only on your own bid"), ("first_to_target", "First to the target wins"),
    ]), default="")
    clock = IntegerField("Clock in minutes (0 for none)", validators=[Optional(), NumberRange(0, 600)])

    def rules_preset(self):
        """The chosen preset's rules (ten-point while none is chosen)."""
        return PRESETS.get(self.variant.data or "", PRESETS["ten-point"])

    def names(self) -> list[str]:
        """The players' names in seat order, blanks left out."""
        return [name for name in self.players.data if name]

    def validate_players(self, field) -> None:
        """As many names as the game has seats, each short enough."""
        need = self.rules_preset().players
        names = self.names()
        if len(names) != need:
            raise ValidationError(f"This game is for {need} players: write {need} names, in seating order.")
        if any(len(name) > NAME_MAX for name in names):
            raise ValidationError(f"Names can be at most {NAME_MAX} characters.")

    def validate_team_names(self, field) -> None:
        """Both teams named, or neither."""
        given = [name for name in field.data if name]
        if given and len(given) != 2 and self.rules_preset().team_count == 2:
            raise ValidationError("Name both teams, or leave both blank.")

    def body(self) -> dict[str, Any]:
        """The POST /api/games body these answers make."""
        body: dict[str, Any] = {"variant": self.variant.data, "players": self.names()}
        teams = [name for name in self.team_names.data if name]
        if teams and self.rules_preset().team_count == 2:
            body["team_names"] = teams
        rules: dict[str, Any] = {}
        for name in ("target", "min_bid", "max_bid"):
            if getattr(self, name).data is not None:
                rules[name] = getattr(self, name).data
        if self.moon.data:
            rules["moon"] = MOONS.get(self.moon.data)
        if self.end.data:
            rules["end"] = self.end.data
        if self.clock.data is not None:
            rules["time_limit_minutes"] = self.clock.data or None
        if rules:
            body["rules"] = rules
        return body

    def show_error(self, error: RuleError) -> None:
        """Put the engine's message next to the field it names."""
        field = {
            "variant": self.variant, "players": self.players, "team_names": self.team_names,
            "rules.target": self.target, "rules.min_bid": self.min_bid, "rules.max_bid": self.max_bid,
            "rules.forced_bid": self.min_bid, "rules.moon": self.moon, "rules.end": self.end,
            "rules.time_limit_minutes": self.clock, "rules.all_tricks_bid": self.max_bid,
        }.get(error.field or "", self.variant)
        field.errors = [*field.errors, error.message]


class HandForm(FlaskForm):
    """One hand: bidder, bid, trump, and who took each point. Fields are added per game."""

    hand_id = HiddenField()
    number = HiddenField()
    points: tuple[str, ...] = ()
    rules: dict[str, Any] = {}
    team_word = "team"

    def validate_bidder(self, field) -> None:
        """Someone won the bid."""
        if field.data in (None, ""):
            raise ValidationError("Tap who won the bid.")

    def validate_bid(self, field) -> None:
        """A bid was chosen."""
        if field.data in (None, ""):
            raise ValidationError("Choose the bid.")

    def validate_all_tricks(self, field) -> None:
        """The all-tricks bid says whether every trick was taken."""
        if self.bid_value() == self.rules.get("all_tricks_bid") and field.data not in ("yes", "no"):
            raise ValidationError(f"A bid of {self.bid.data} needs every trick: say whether the bidders took all six.")

    def bid_value(self) -> int | str | None:
        """The bid as the API takes it."""
        value = self.bid.data
        if value == "moon":
            return "moon"
        return int(value) if value and value.isdigit() else None

    def body(self) -> dict[str, Any]:
        """The hand body for games.add_hand / replace_hand."""
        bidder = int(self.bidder.data)
        bid = self.bid_value()
        captured = {}
        for key in self.points:
            value = getattr(self, f"captured_{key}").data
            captured[key] = None if value == "none" else int(value)
        body: dict[str, Any] = {"bidder": bidder, "bid": bid, "captured": captured, "id": self.hand_id.data or None}
        if self.trump.data:
            body["trump"] = self.trump.data
        if self.rules.get("all_tricks_bid") is not None and bid == self.rules["all_tricks_bid"]:
            body["all_tricks"] = bidder % self.team_count() if self.all_tricks.data == "yes" else None
        return body

    def team_count(self) -> int:
        """How many sides score."""
        return 3 if self.rules["players"] == 3 else 2

    def show_error(self, error: RuleError) -> None:
        """Put the engine's message next to the field it names, or above the form."""
        name = (error.field or "").replace(".", "_")
        field = self._fields.get(name) if name not in ("hand_id", "number") else None
        if field is None:
            self.form_errors.append(error.message)
        else:
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
        for key, team in hand["captured"].items():
            getattr(self, f"captured_{key}").data = "none" if team is None else str(team)
        if "all_tricks" in hand and hasattr(self, "all_tricks"):
            self.all_tricks.data = "no" if hand["all_tricks"] is None else "yes"


def _point_validator(key: str, who: str):
    """A validate_captured_<key> method: the point must go to a side (or nobody, where allowed)."""

    def validate(form, field) -> None:
        if field.data in (None, ""):
            raise ValidationError(f"Say which {who} took {point_name(key)}.")
    validate.__doc__ = f"Someone took {point_name(key)}, or nobody where the rules allow it."
    return validate


def hand_form_class(game: dict[str, Any]) -> type[HandForm]:
    """A HandForm with this game's seats, bids and points."""
    rules = game["rules"]
    teams = [team["name"] for team in game["teams"]]
    who = "player" if rules["players"] == 3 else "team"
    bids = [(str(bid), str(bid)) for bid in range(rules["min_bid"], rules["max_bid"] + 1)]
    if rules["moon"]:
        bids.append(("moon", "Moon"))
    points = tuple(SCHEMES[rules["scheme"]])
    attrs: dict[str, Any] = {
        "rules": rules, "points": points, "team_word": who,
        "bidder": RadioField("Who won the bid?", choices=options(enumerate(game["players"])),
                             validate_choice=False),
        "bid": RadioField("Bid", choices=options(bids), validate_choice=False),
        "trump": RadioField("Trump (optional)", default="", validate_choice=False,
                            choices=options([("", "Not noted")] + [(s, f"{SUITS[s]} {s.title()}") for s in SUITS])),
    }
    nullable = NULLABLE[rules["scheme"]]
    for key in points:
        choices = [(str(team), name) for team, name in enumerate(teams)]
        if key in nullable:
            choices.append(("none", "Nobody"))
        attrs[f"captured_{key}"] = RadioField(point_name(key), choices=options(choices), validate_choice=False)
        attrs[f"validate_captured_{key}"] = _point_validator(key, who)
    if rules["all_tricks_bid"] is not None:
        attrs["all_tricks"] = RadioField("Did the bidders take all six tricks?", validate_choice=False,
                                         choices=options([("yes", "Yes"), ("no", "No")]))
    return type("GameHandForm", (HandForm,), attrs)


def new_hand_form(game: dict[str, Any], **kwargs) -> HandForm:
    """The form for the next hand, with a fresh hand id so a repeated post records it once."""
    form = hand_form_class(game)(**kwargs)
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
