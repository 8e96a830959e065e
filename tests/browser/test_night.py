"""A Pitch night of 9 players in the browser, three games of Partnership Pitch (first to 11): the director sets it up on
a phone from the form, pastes the list of players and draws each game from the director's page; the two tables (a
four at the head, a five whose dealer sits out) score on their own phones (320x640) through the hand form, from the
table links, one phone with no signal for a hand that then reaches the server once; when a table's game ends, a
player of its losing side signs on the table's phone, and the standings mark the games not signed until then; the
projector screen (1920x1080) is open all night and follows by itself; the head table's end calls time at the five in
game 2; at the end the night's standings, on the API and the screen, are the sums of each player's own scores as
the games report them.

Axe (light and dark) on the director's page, a table's page between games, the projector, a player's page and the
table cards; the layout checks (tests/browser/layout.py) at every phone size and at 200 % text on the director's,
the table's and the player's pages; the table cards printed to PDF on A4 and on Letter, each card whole on a page
of its own.

The projector, a player's page and a table's page between games ask the night's version every NIGHT_POLL_SECONDS
(10 s) and reload when it changed: the test makes it 1 s, as the tournament test shortens its standings' poll, so
that waiting for the screen or a table's page to follow costs a second or two.
"""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scorekeeper.rules import sides_of
from tests.browser.matrix import problems_at_every_width
from tests.browser.nights import NIGHT, SEATED, get, set_up
from tests.browser.table import wait_sent
from tests.support.nights import own_scores

pytestmark = [pytest.mark.browser, pytest.mark.pages]

PHONE = {"width": 320, "height": 640}
PROJECTOR = {"width": 1920, "height": 1080}
BID = 4  # every hand: the bidders bid 4 and take all four points (the form starts every point with them)
# Each game's hands in the order the tables log them. Game 1: the table of five ends first (its second hand logged
# with no signal), then the head table. Game 2: the head table ends first, which calls time at the five: its next
# hand ends its game. Game 3: as game 1.
ORDER = {1: [2, 1, 2, 1, 2, 1], 2: [1, 2, 1, 1, 2], 3: [2, 1, 2, 1, 2, 1]}
OFFLINE = (1, 2, 2)  # game 1, table 2, its hand 2


def until_stable(check, *args):
    """Run a check in a page that reloads itself (a meta refresh): a reload in the middle runs it again."""
    for _ in range(3):
        try:
            return check(*args)
        except PlaywrightError as error:
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
    return check(*args)


def axe_both(axe, page, label: str, options: dict | None = None) -> list[str]:
    """Axe's violations on `page` in the light and the dark scheme."""
    found = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found += [f"{label} ({scheme}): {violation}" for violation in until_stable(axe, page, options)]
    page.emulate_media(color_scheme="light")
    return found


def layout(page, label: str) -> list[str]:
    """The layout problems of the page's main at every phone size and at 200 % text, then back to 320x640."""
    found = until_stable(problems_at_every_width, page, "main", None, True)
    page.set_viewport_size(PHONE)
    return [f"{label}: {problem}" for problem in found]


class Phone:
    """A table's phone, which keeps score of the game its table plays."""

    def __init__(self, page):
        self.page = page

    def opens(self, game_id: str, timeout: float = 5_000) -> None:
        """The phone shows the score sheet of `game_id`, ready to log hands."""
        expect(self.page).to_have_url(re.compile(rf"/games/{game_id}$"), timeout=timeout)
        self.page.wait_for_function("() => window.gamePage && window.gamePage.game")

    def join(self, link: str, game_id: str) -> None:
        """The phone opens the table's link (its key in the fragment) and keeps score of its game."""
        self.page.goto(link)
        expect(self.page).to_have_url(re.compile(rf"/games/{game_id}/join$"))
        self.page.get_by_role("button", name="Keep score on this phone").click()
        self.opens(game_id)

    def log(self, bidder: str, names: list[str], dealer: str | None) -> None:
        """Log a hand through the form: the bidder and the bid, every point to the bidders. At a table of five the
        form says who deals and sits out, and offers the four others as the bidder."""
        self.page.locator('[data-action="log"]').click()
        dialog = self.page.locator("#hand-dialog")
        dialog.wait_for(state="visible")
        if dealer is not None:
            expect(dialog.locator('[data-slot="sits-out"]')).to_contain_text(f"{dealer} deals and sits out")
        offered = [label for label in dialog.locator("#f-bidder label.choice").all() if label.is_visible()]
        assert [label.inner_text().strip() for label in offered] == [name for name in names if name != dealer]
        dialog.locator("#f-bidder").get_by_role("radio", name=bidder, exact=True).check()
        dialog.locator("#f-bid").get_by_role("radio", name=str(BID), exact=True).check()
        dialog.locator('[data-action="save"]').click()
        dialog.wait_for(state="hidden")


def next_bidder(table: dict, game: dict, number: int) -> tuple[str, str | None]:
    """Who bids the next hand at a table, and who deals and sits out at a table of five. At four, one side bids
    every hand (game and table decide which), so it reaches 12 in three hands; at five, one player who does not deal
    the first three hands bids every hand they play, with a new partner each time."""
    names = [seat["name"] for seat in table["seats"]]
    if len(names) == 4:
        return names[(number + table["table"]) % 2], None
    dealer = game["next_dealer"]
    star = 3 + number % 2
    playing = [seat for side in sides_of(5, dealer) for seat in side]
    return names[star if star in playing else playing[0]], names[dealer]


def leaderboard(base: str, night_id: str) -> list[list[str]]:
    """The standings as the leaderboard prints them: rank, name, games, won, total, average, not signed."""
    rows = []
    for line in get(base, f"/api/nights/{night_id}/standings")["players"]:
        average = "–" if line["average"] is None else f"{line['average']:.2f}"
        rows.append([f"{line['rank']}{'=' if line['tied'] else ''}", line["name"], str(line["played"]),
                     str(line["won"]), str(line["total"]), average, str(line["unconfirmed"])])
    return rows


def expect_board(page, rows: list[list[str]], timeout: float = 5_000) -> None:
    """The page's leaderboard shows these rows, cell by cell (waited for: the screen reloads by itself)."""
    expect(page.locator(".night-board tbody td")).to_have_text([cell for row in rows for cell in row], timeout=timeout)


def expect_tables(page, drawn: dict, timeout: float = 5_000) -> None:
    """The page shows the game's number and who sits at each of its tables."""
    expect(page.locator("#tables-title")).to_have_text(re.compile(rf"^Game {drawn['number']}\b"), timeout=timeout)
    seats = [" · ".join(seat["name"] for seat in table["seats"]) for table in drawn["tables"]]
    expect(page.locator(".night-table > p:first-of-type")).to_have_text(seats, timeout=timeout)


# PDF: Chromium's tagged PDF (Skia) keeps the page of every piece of content in its structure tree: each <article>
# is an /Art element whose parts name their page (/Pg). Objects are read with their streams skipped by /Length.
OBJECT = re.compile(rb"(\d+) 0 obj\b")
REF = rb"(\d+) 0 R"


def pdf_objects(data: bytes) -> dict[int, bytes]:
    """Each object's dictionary (its stream left out), by number."""
    found, at = {}, 0
    while match := OBJECT.search(data, at):
        end = data.index(b"endobj", match.end())
        body = data[match.end():end]
        if (stream := body.find(b"stream")) != -1:
            length = int(re.search(rb"/Length (\d+)", body[:stream]).group(1))
            end = data.index(b"endobj", match.end() + stream + len(b"stream") + length)
            body = body[:stream]
        found[int(match.group(1))] = body
        at = end + len(b"endobj")
    return found


def pdf_pages(objects: dict[int, bytes]) -> list[int]:
    """The page objects in the document's order, from its page tree."""
    catalog = next(body for body in objects.values() if re.search(rb"/Type /Catalog\b", body))

    def kids(number: int) -> list[int]:
        body = objects[number]
        if re.search(rb"/Type /Page\b", body):
            return [number]
        listed = re.search(rb"/Kids \[([^\]]*)\]", body).group(1)
        return [page for kid in re.findall(REF, listed) for page in kids(int(kid))]

    return kids(int(re.search(rb"/Pages " + REF, catalog).group(1)))


def printed_cards(data: bytes) -> dict:
    """What a PDF of the cards page holds: its number of pages and their sizes in points, the page (from 0) of each
    heading in the outline, for each /Art element (a card) in the document's order the kinds of its parts and the
    set of pages they are on, and the pages of anything printed outside a card."""
    objects = pdf_objects(data)
    pages = {number: index for index, number in enumerate(pdf_pages(objects))}
    sizes = {tuple(round(float(side)) for side in re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]",
                                                             objects[number]).groups()) for number in pages}
    outline = {}
    for body in objects.values():
        if (title := re.search(rb"/Title \(([^)]*)\)", body)) and (dest := re.search(rb"/Dest \[" + REF, body)):
            outline[title.group(1).decode()] = pages[int(dest.group(1))]
    cards, outside = [], set()

    def walk(number: int, card: dict | None, role: str) -> None:
        body = objects[number]
        kind = re.search(rb"/S /(\w+)", body)
        role = kind.group(1).decode() if kind and kind.group(1) != b"NonStruct" else role
        if role == "Art":
            card = {"parts": [], "pages": set()}
            cards.append(card)
        on = {pages[int(page)] for page in re.findall(rb"/Pg " + REF, body)}
        if card is None:
            outside.update(on)
        else:
            card["pages"].update(on)
            if on:
                card["parts"].append(role)
        listed = re.search(rb"/K (\[[^\]]*\]|" + REF + rb")", body)
        for kid in re.findall(REF, listed.group(1)) if listed else []:
            walk(int(kid), card, role)

    catalog = next(body for body in objects.values() if re.search(rb"/Type /Catalog\b", body))
    walk(int(re.search(rb"/StructTreeRoot " + REF, catalog).group(1)), None, "")
    return {"pages": len(pages), "sizes": sizes, "outline": outline, "outside": outside,
            "cards": [(sorted(card["pages"]), card["parts"]) for card in cards]}


# The projector, a player's page and a table's page between games reload themselves with <meta http-equiv="refresh">,
# which axe refuses (WCAG 2.2.1: a page that reloads on a timer moves a screen reader back to its top). The whole
# night runs the rest of axe's rules on them; the last test below is that one rule, expected to fail until those
# pages update by script.
PAPERS = {"A4": (596, 843), "Letter": (612, 792)}  # in points
CARD = ["H1", "P", "Figure", "P"]  # a card's parts: its table, the night's name, the QR code, what to do


VERSION = "**/nights/{}/version*"  # what a page that follows the night asks (a table's page adds ?games=0)
SCREEN_WAIT = 10_000  # ms: the screen shows a change within a reload or two (one a second here)


def standings(base: str, night_id: str) -> dict[str, dict]:
    """The night's standings by player's name."""
    return {line["name"]: line for line in get(base, f"/api/nights/{night_id}/standings")["players"]}


def draw(director, base: str, night_id: str, number: int) -> tuple[dict, dict[int, str]]:
    """The director draws game `number` from the page: a table of four at the head and one of five; the game's
    tables (the API's) and each table's link from the page."""
    director.get_by_role("button", name="Draw the next game").click()
    expect(director.locator(".notice")).to_have_text(f"Game {number} is drawn.")
    drawn = get(base, f"/api/nights/{night_id}/games/{number}")
    assert [len(table["seats"]) for table in drawn["tables"]] == [4, 5]
    assert sorted(seat["name"] for table in drawn["tables"] for seat in table["seats"]) == sorted(SEATED)
    expect_tables(director, drawn)
    links = director.locator("a.night-link").filter(has_text="scorer link")
    expect(links).to_have_text([f"Table {table['table']}'s scorer link" for table in drawn["tables"]])
    link = {table["table"]: links.nth(index).get_attribute("href") for index, table in enumerate(drawn["tables"])}
    assert all(f"/nights/{night_id}/tables/{number}#key=" in href for number, href in link.items())
    return drawn, link


def test_the_directors_page_holds_on_every_phone_and_at_200_percent_text(live_server, new_page):
    """The box of pasted names and the standings' seven columns stay within a 320 px phone at 200 % text: the box
    takes the form's width, the standings scroll sideways in a box of their own (a data table), never the page."""
    director = new_page(viewport=PHONE)
    set_up(director, live_server)
    assert layout(director, "director's page") == []


def finish(phone: Phone, base: str, night_id: str, number: int, table: dict, game: dict, screen, axe) -> list[str]:
    """A table's game is over: its players' games count at once, marked not signed; a player of the losing side
    signs on the table's phone, and the games are marked signed. Game 1's table of five also checks the table's page
    between games (layout and axe) and the screen showing the signature. The problems found."""
    at, problems = table["table"], []
    expect(phone.page.locator('[data-slot="winner"]')).to_be_visible()
    seated = [seat["name"] for seat in table["seats"]]
    lines = standings(base, night_id)
    assert all((lines[name]["games"][-1]["round"], lines[name]["games"][-1]["signed"]) == (number, False)
               for name in seated)
    assert all(lines[name]["unconfirmed"] == 1 for name in seated)
    losers = [name for name, (_, won) in own_scores([table], [game]).items() if not won]
    assert len(losers) == len(seated) - 2  # everyone but the winning pair
    checked = (number, at) == (1, 2)
    if checked:
        expect_board(screen, leaderboard(base, night_id), timeout=SCREEN_WAIT)  # five games not signed yet

    phone.page.get_by_role("link", name=f"Table {at}: sign, then the next game").click()
    expect(phone.page.get_by_role("heading", name=f"Table {at}")).to_be_visible()
    signs = phone.page.get_by_role("button", name=re.compile(r"^I am .*: sign$"))
    expect(signs).to_have_text([f"I am {name}: sign" for name in losers])
    if checked:  # a table's page between games, with the names to tap
        problems += layout(phone.page, "table page")
        problems += axe_both(axe, phone.page, "table page")
    signs.filter(has_text=losers[-1]).click()
    expect(phone.page.get_by_text(f"Scorecard signed by {losers[-1]}.")).to_be_visible()
    expect(signs).to_have_count(0)
    lines = standings(base, night_id)
    assert all(lines[name]["games"][-1]["signed"] and not lines[name]["unconfirmed"] for name in seated)
    if checked:
        expect(screen.locator(".night-state").nth(at - 1)).to_have_text(re.compile(r"^Over: .* · signed$"),
                                                                           timeout=SCREEN_WAIT)
        expect_board(screen, leaderboard(base, night_id), timeout=SCREEN_WAIT)
    return problems


def test_a_night_of_nine_for_three_games(app, live_server, new_page, axe):
    app.config["NIGHT_POLL_SECONDS"] = 1
    base, problems = live_server, []
    director = new_page(viewport=PHONE)
    night_id = set_up(director, base)
    screen = new_page(viewport=PROJECTOR)  # the projector, open all night
    screen.goto(f"{base}/nights/{night_id}/screen")
    expect_board(screen, leaderboard(base, night_id))
    expect(screen.locator("#tables-title")).to_have_count(0)

    phones = {number: Phone(new_page(viewport=PHONE)) for number in (1, 2)}
    drawn_games, finals = [], []
    for number in (1, 2, 3):
        if number == 3:  # the tables' pages stop asking the version, so that only the phone's reload opens game 3
            for phone in phones.values():
                phone.page.route(VERSION.format(night_id), lambda route: route.abort())
        drawn, link = draw(director, base, night_id, number)
        tables = drawn["tables"]
        drawn_games.append(tables)
        # the screen follows by itself: this game's tables, and the standings of the games before
        expect_tables(screen, drawn, timeout=SCREEN_WAIT)
        expect_board(screen, leaderboard(base, night_id), timeout=SCREEN_WAIT)
        for table in tables:
            phone = phones[table["table"]]
            if number == 1:  # the table's phone opens its link once, from the card or the director
                phone.join(link[table["table"]], table["game"])
            elif number == 2:  # between games the table's page opens the next game by itself
                phone.opens(table["game"])
            else:  # or as soon as the phone reloads it
                phone.page.reload()
                phone.opens(table["game"])
                phone.page.unroute(VERSION.format(night_id))

        played = {table["table"]: 0 for table in tables}
        for at in ORDER[number]:
            table, phone = tables[at - 1], phones[at]
            names = [seat["name"] for seat in table["seats"]]
            game = get(base, f"/api/games/{table['game']}")
            assert game["status"] == "playing", (number, at)
            bidder, dealer = next_bidder(table, game, number)
            played[at] += 1
            offline = (number, at, played[at]) == OFFLINE
            if offline:
                phone.page.context.set_offline(True)
            phone.log(bidder, names, dealer)
            expect(phone.page.locator("#sheet tbody tr.hand")).to_have_count(played[at])
            if offline:  # kept on the phone; then the signal is back, and the hand reaches the server once
                expect(phone.page.locator('[data-slot="sync"]')).to_contain_text("1 hand not sent yet")
                assert len(get(base, f"/api/games/{table['game']}")["hands"]) == played[at] - 1
                phone.page.context.set_offline(False)
            wait_sent(phone.page)
            game = get(base, f"/api/games/{table['game']}")
            assert len({hand["id"] for hand in game["hands"]}) == len(game["hands"]) == played[at]
            assert (game["hands"][-1]["bidder"], game["hands"][-1]["bid"]) == (names.index(bidder), BID)
            if game["status"] == "finished":
                problems += finish(phone, base, night_id, number, table, game, screen, axe)
        finals.append([get(base, f"/api/games/{table['game']}") for table in tables])
        assert all(game["status"] == "finished" for game in finals[-1])
        if number == 2:  # the head table's end called time at the other table, whose next hand ended its game
            assert finals[-1][1]["result"]["how"] == "time" and len(finals[-1][1]["hands"]) == 2

    # The night's standings are the sums of each player's own scores, as the games report them
    sums = {name: [0, 0, 0] for name in SEATED}
    for tables, games in zip(drawn_games, finals, strict=True):
        for name, (score, won) in own_scores(tables, games).items():
            sums[name] = [sums[name][0] + score, sums[name][1] + 1, sums[name][2] + won]
    lines = get(base, f"/api/nights/{night_id}/standings")["players"]
    assert {line["name"]: [line["total"], line["played"], line["won"]] for line in lines} == sums
    assert [line["total"] for line in lines] == sorted((total for total, _, _ in sums.values()), reverse=True)
    assert all(line["unconfirmed"] == 0 for line in lines)
    expect_board(screen, leaderboard(base, night_id), timeout=SCREEN_WAIT)

    # The screen stops asking, for axe to read it whole
    app.config["NIGHT_POLL_SECONDS"] = 3600
    screen.goto("about:blank")  # the page's own poll may be reloading it: leave it before opening it again
    screen.goto(f"{base}/nights/{night_id}/screen")
    expect(screen.locator("[data-night-version]")).to_have_attribute("data-seconds", "3600")
    expect_board(screen, leaderboard(base, night_id))
    expect_tables(screen, get(base, f"/api/nights/{night_id}/games/3"))
    problems += axe_both(axe, screen, "projector")

    # The director's page at the end of the night
    director.reload()
    expect_board(director, leaderboard(base, night_id))
    problems += layout(director, "director's page")
    problems += axe_both(axe, director, "director's page")

    # The page of the night's winner: their three games and their night score
    best = lines[0]
    player = new_page(viewport=PHONE)
    player.goto(f"{base}/nights/{night_id}/players/{best['id']}")
    expect(player.get_by_role("heading", name=best["name"])).to_be_visible()
    expect(player.get_by_text(f"Night score {best['total']} · 3 games")).to_be_visible()
    expect(player.locator(".night-board tbody tr")).to_have_count(3)
    problems += layout(player, "player's page")
    problems += axe_both(axe, player, "player's page")

    # The table cards: axe, then printed on A4 and on Letter, one whole card a page
    director.goto(f"{base}/nights/{night_id}/cards")
    expect(director.locator("article.night-card")).to_have_count(2)
    problems += axe_both(axe, director, "table cards")
    for paper, size in PAPERS.items():
        printed = printed_cards(director.pdf(format=paper, outline=True, tagged=True))
        assert printed["sizes"] == {size}, (paper, printed)
        assert printed["pages"] == 2 and printed["outline"] == {"Table 1": 0, "Table 2": 1}, (paper, printed)
        assert printed["cards"] == [([0], CARD), ([1], CARD)] and not printed["outside"], (paper, printed)

    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def test_the_pages_that_follow_the_night_update_without_a_timed_reload(live_server, new_page, axe):
    """Axe's meta-refresh rule on the pages a night leaves open: the projector, a player's page, a table's page."""
    made = requests.post(f"{live_server}/api/nights", json={"name": NIGHT, "variant": "partnership-pitch"},
                         timeout=10).json()
    auth = {"Authorization": f"Bearer {made['edit_key']}"}
    night = f"{live_server}/api/nights/{made['id']}"
    players = requests.post(f"{night}/players", json={"names": SEATED[:4]}, headers=auth, timeout=10).json()
    table = requests.post(f"{night}/games", headers=auth, timeout=10).json()["tables"][0]
    for _ in range(3):  # seats 0 and 2 bid 4 and take every point: 12, the game is over
        hand = {"bidder": 0, "bid": BID, "captured": dict.fromkeys(("high", "low", "jack", "game"), 0)}
        answer = requests.post(f"{live_server}/api/games/{table['game']}/hands", json=hand, timeout=10,
                               headers={"Authorization": f"Bearer {table['edit_key']}"})
        assert answer.status_code == 201, answer.text
    page, found = new_page(viewport=PHONE), []
    for path in ("screen", f"players/{players['players'][0]['id']}", "tables/1"):
        page.goto(f"{live_server}/nights/{made['id']}/{path}")
        found += [f"{path}: {violation}" for violation in axe(page, {"runOnly": ["meta-refresh"]})]
    assert found == []
