"""A Pitch night of 200 players under load: a hall behind one address, on PostgreSQL and 4 gunicorn workers.

    .venv/bin/python bench/night.py                         # 200 players, 10 minutes
    .venv/bin/python bench/night.py --players 20 --minutes 0.3

It makes a scratch database scorekeeper_bench_<pid> on --postgres (BENCH_POSTGRES_URL, default
postgresql://root@127.0.0.1:5432/postgres), dropped afterwards, and starts gunicorn as the Procfile does
(gevent workers) with 4 workers, the rate limits as shipped and counted in Redis (--redis), as in production, under a
key prefix of the run's own (counted from nothing, as on a new server; deleted afterwards).
Every request comes from 127.0.0.1: a hall behind one NAT. Then, greenlets in this process (gevent):

- the director creates the night, registers the players as one pasted list, draws each game, and draws the
  next one once every table of the current game is over and signed, checking every 2 s;
- each table's phone, while its game is played, polls GET /api/games/<id> with If-None-Match every 3 s
  (static/js/ui/gamesync.js) and posts a hand every --hand-seconds (time compressed: a real hand takes about
  2 minutes) with `Prefer: return=minimal`, as the outbox does, keeping the ETag of the short answer;
  when its game is over, a player of the losing side signs (POST /api/nights/<id>/tables/<n>/sign) and the
  phone opens the table's link /nights/<id>/tables/<n>, which shows the table between games; that page asks
  /nights/<id>/version?games=0 with If-None-Match every NIGHT_POLL_SECONDS (static/js/pages/nightlive.js; 304 while
  nothing changed) and opens the link again when it changed, until it redirects (303) to the next game; the head
  table's end calls time at the others, as the app does.
  A game lasts 7 or 8 hands of these (a hand every 10 s by default); at a hand every 4 s a 10-minute run
  could draw more than 8 games of 50 tables, past RATELIMIT_TOURNAMENT_GAMES (400 games drawn an hour per
  address), a pace no hall reaches (a real game takes 15 to 20 minutes). A signature refused (say a 503) is
  tapped again 5 s later, up to 3 times, as a player would;
- two projector screens: each shows /nights/<id>/screen, asks /nights/<id>/version with If-None-Match every
  NIGHT_POLL_SECONDS and reloads the page when it changed (with a hand every few seconds somewhere in the hall, it
  changes almost every time);
- --spectators share pages: each opens /share/<game> of a table's game and polls /share/<game>/live with
  If-None-Match every 3 s (static/js/pages/share.js) until that game is over, then opens the table's next game.

It prints, side by side, p50/p99 of each kind of request, the counts and errors by status (anything but 2xx,
304 and the table link's 303 is an error; no answer at all counts as status 0), and each worker's RSS (VmRSS)
when the timed run starts (the night set up, game 1 drawn, every page read a dozen times so that each worker
has served it) and at its end. The load generator runs on the same machine as the server and shares its cores.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402 -- after gevent's patching, as gevent asks
import os  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import uuid  # noqa: E402
from collections import Counter, defaultdict  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402
import requests  # noqa: E402
from throughput import postgres_database  # noqa: E402 -- it puts the project on the path, for the tests package

# isort: split
from scorekeeper.config import LIMITS, from_environment  # noqa: E402
from tests.support.served import free_port, start_gunicorn, stop, wait_until_healthy  # noqa: E402

POSTGRES = os.environ.get("BENCH_POSTGRES_URL", "postgresql://root@127.0.0.1:5432/postgres")
WORKERS = 4
PREFIX = f"nightbench{os.getpid()}"  # the run's limit counters in Redis: counted from nothing, deleted after
GAME_POLL, DIRECTOR_CHECK = 3.0, 2.0  # seconds, as the pages do
NIGHT_POLL = from_environment(tempfile.gettempdir())["NIGHT_POLL_SECONDS"]  # the night's pages, as served
SPLITS = ((4, 6), (6, 4), (3, 7), (7, 3), (5, 5))  # a hand's ten points between the two sides
OK = {200, 201, 304}
POLLS = ("phone poll /api/games", "table link", "share live", "screen", "night version")
ROWS = ("hand", "signature", "draw", *POLLS, "all polls", "share page", "table API", "director check")


@dataclass
class Hall:
    """What the bench knows of the night: its keys, the games drawn, every request's figures, the clock."""

    base: str
    ends: float
    night: str = ""
    key: str = ""
    tables: dict[int, str] = field(default_factory=dict)  # table number -> game id of the latest draw
    drawn: int = 0
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: Counter = field(default_factory=Counter)
    samples: dict = field(default_factory=dict)

    def running(self) -> bool:
        """Whether the timed run goes on."""
        return time.monotonic() < self.ends

    def send(self, session: requests.Session, kind: str, method: str, path: str, ok=OK, **options):
        """One request, timed and counted under `kind`; an unexpected status is kept as a sample."""
        started = time.perf_counter()
        try:
            response = session.request(method, self.base + path, timeout=30, allow_redirects=False, **options)
        except requests.RequestException as problem:  # no answer: counted as status 0
            response = requests.Response()
            response.status_code, response._content = 0, repr(problem).encode()
        self.times[kind].append((time.perf_counter() - started) * 1000)
        self.statuses[(kind, response.status_code)] += 1
        if response.status_code not in ok:
            self.samples.setdefault((kind, response.status_code), response.text[:300])
        return response


def director_headers(hall: Hall) -> dict:
    """The director's key."""
    return {"Authorization": f"Bearer {hall.key}"}


def create_night(hall: Hall, session: requests.Session, players: int) -> None:
    """The director creates an open night of the tournament game and registers everyone as one pasted list."""
    made = hall.send(session, "set-up", "POST", "/api/nights", json={"name": "Bench night", "seed": 7})
    made.raise_for_status()
    hall.night, hall.key = made.json()["id"], made.json()["edit_key"]
    names = "\n".join(f"Player {number:03d}" for number in range(players))
    answer = hall.send(session, "set-up", "POST", f"/api/nights/{hall.night}/players", json={"text": names},
                       headers=director_headers(hall))
    answer.raise_for_status()


def draw(hall: Hall, session: requests.Session) -> dict | None:
    """Draw the next game; its tables (with the table links and their keys), or None if refused."""
    answer = hall.send(session, "draw", "POST", f"/api/nights/{hall.night}/games", headers=director_headers(hall))
    if answer.status_code != 201:
        return None
    body = answer.json()
    hall.tables = {table["table"]: table["game"] for table in body["tables"]}
    hall.drawn = body["number"]
    return body


def game_done(hall: Hall, session: requests.Session) -> bool:
    """Whether every table of the current game is over and signed (the director's page, checked)."""
    answer = hall.send(session, "director check", "GET", f"/api/nights/{hall.night}/games/{hall.drawn}",
                       headers=director_headers(hall))
    if answer.status_code != 200:
        return False
    return all(table["status"] == "finished" and table["signed_by"] for table in answer.json()["tables"])


def director(hall: Hall) -> None:
    """Draw the next game whenever the current one is over and signed, until the time is up."""
    session = requests.Session()
    while hall.running():
        gevent.sleep(DIRECTOR_CHECK)
        if hall.running() and game_done(hall, session):
            draw(hall, session)


@dataclass
class Phone:
    """One table's phone: its table, its key for the night, the game it scores and what it last heard."""

    number: int
    key: str
    game: str
    etag: str = ""
    status: str = "playing"
    next_dealer: int = 0
    seats: int = 4
    session: requests.Session = field(default_factory=requests.Session)

    def heard(self, answer: requests.Response) -> None:
        """Keep the game's ETag, status and next dealer from an answer."""
        if answer.status_code in (200, 201):
            body = answer.json()
            self.etag = answer.headers.get("ETag", self.etag)
            self.status, self.next_dealer = body.get("status", self.status), body.get("next_dealer", 0)
            self.seats = len(body.get("players", [])) or self.seats


def poll_game(hall: Hall, phone: Phone) -> None:
    """The score sheet's poll of its game (gamesync.js): If-None-Match, a 304 when nothing changed."""
    headers = {"Accept": "application/json", **({"If-None-Match": phone.etag} if phone.etag else {})}
    phone.heard(hall.send(phone.session, "phone poll /api/games", "GET", f"/api/games/{phone.game}",
                          headers=headers))


def post_hand(hall: Hall, phone: Phone, rng: random.Random) -> None:
    """A hand from the outbox: bid 5 by the player left of the dealer, the points shared out at random."""
    body = {"id": str(uuid.UUID(int=rng.getrandbits(128))), "bidder": (phone.next_dealer + 1) % phone.seats,
            "bid": 5, "points": list(rng.choice(SPLITS))}
    headers = {"Authorization": f"Bearer {phone.key}", "Prefer": "return=minimal"}
    phone.heard(hall.send(phone.session, "hand", "POST", f"/api/games/{phone.game}/hands", json=body,
                          headers=headers))


def play(hall: Hall, phone: Phone, hand_seconds: float, rng: random.Random) -> None:
    """Score the table's game until it is over: a poll every 3 s, a hand every `hand_seconds`."""
    poll_game(hall, phone)
    next_poll = next_hand = time.monotonic() + rng.uniform(0, hand_seconds)
    while phone.status != "finished" and hall.running():
        gevent.sleep(max(0.0, min(next_poll, next_hand) - time.monotonic()))
        if time.monotonic() >= next_hand:
            post_hand(hall, phone, rng)
            next_hand += hand_seconds
        if time.monotonic() >= next_poll:
            poll_game(hall, phone)
            next_poll += GAME_POLL


def sign(hall: Hall, phone: Phone) -> None:
    """A player of the losing side taps their name: the first seated player who is not among the winners."""
    path = f"/api/nights/{hall.night}/tables/{phone.number}"
    answer = hall.send(phone.session, "table API", "GET", path)
    if answer.status_code != 200:
        return
    table = answer.json()
    signer = next(seat["name"] for seat in table["seats"] if seat["name"] not in table["winners"])
    for _ in range(3):
        signed = hall.send(phone.session, "signature", "POST", f"{path}/sign", json={"player": signer},
                           headers={"Authorization": f"Bearer {phone.key}"})
        if signed.status_code == 200:
            return
        gevent.sleep(5)


def night_version(page: requests.Response) -> str:
    """The night's version a page shows (its data-night-version), as the ETag the page's poll sends."""
    found = re.search(r'data-night-version="([^"]+)"', page.text)
    return f'"{found.group(1)}"' if found else ""


def follow(hall: Hall, session: requests.Session, etag: str, scope: str = "") -> None:
    """nightlive.js: ask the night's version every NIGHT_POLL_SECONDS until it changed (or the time is up)."""
    while hall.running():
        gevent.sleep(NIGHT_POLL)
        headers = {"If-None-Match": etag} if etag else {}
        answer = hall.send(session, "night version", "GET", f"/nights/{hall.night}/version{scope}", headers=headers)
        if answer.status_code != 304:
            return


def next_game(hall: Hall, phone: Phone) -> str | None:
    """Open the table's link; between games, follow the night's version until the link leads to a new game."""
    while hall.running():
        answer = hall.send(phone.session, "table link", "GET", f"/nights/{hall.night}/tables/{phone.number}",
                           ok=OK | {303})
        found = re.search(r"/games/([^/]+)/", answer.headers.get("Location", ""))
        if answer.status_code == 303 and found and found.group(1) != phone.game:
            return found.group(1)
        follow(hall, phone.session, night_version(answer) if answer.status_code == 200 else "", "?games=0")
    return None


def table_phone(hall: Hall, number: int, key: str, hand_seconds: float) -> None:
    """A table's phone for the whole night: score each game, sign it, wait for the next at the table's link."""
    rng = random.Random(number)
    phone = Phone(number, key, hall.tables[number])
    while hall.running():
        play(hall, phone, hand_seconds, rng)
        if not hall.running():
            return
        sign(hall, phone)
        game = next_game(hall, phone)
        if game is None:
            return
        phone.game, phone.etag, phone.status = game, "", "playing"


def spectator(hall: Hall, number: int) -> None:
    """A share page of table `number`'s game: poll its live fragment until it is over, then the table's next."""
    session, rng = requests.Session(), random.Random(-number)
    while hall.running():
        game = hall.tables[number]
        page = hall.send(session, "share page", "GET", f"/share/{game}", headers={"Accept-Encoding": "gzip"})
        tag = re.search(r'data-etag="&quot;([^&]+)&quot;"', page.text)
        etag = f'"{tag.group(1)}"' if tag else ""
        gevent.sleep(rng.uniform(0, GAME_POLL))
        while hall.running() and not finished_share(hall, session, game, etag):
            gevent.sleep(GAME_POLL)
        while hall.running() and hall.tables[number] == game:
            gevent.sleep(GAME_POLL)


def finished_share(hall: Hall, session: requests.Session, game: str, etag: str) -> bool:
    """One poll of the live fragment (share.js): whether the game is over by what it shows."""
    headers = {"If-None-Match": etag, "Accept-Encoding": "gzip"} if etag else {}
    answer = hall.send(session, "share live", "GET", f"/share/{game}/live", headers=headers)
    return answer.status_code == 200 and 'data-status="finished"' in answer.text


def screen(hall: Hall, number: int) -> None:
    """A projector screen: show the screen page, follow the night's version, reload the page when it changed."""
    session = requests.Session()
    gevent.sleep(number * NIGHT_POLL / 2)
    while hall.running():
        page = hall.send(session, "screen", "GET", f"/nights/{hall.night}/screen", headers={"Accept-Encoding": "gzip"})
        follow(hall, session, night_version(page) if page.status_code == 200 else "")


def workers_of(server_pid: int) -> list[int]:
    """gunicorn's worker processes: the master's children."""
    text = Path(f"/proc/{server_pid}/task/{server_pid}/children").read_text()
    return sorted(int(pid) for pid in text.split())


def rss_kib(pid: int) -> int | None:
    """A process's resident memory (VmRSS, KiB); None once it has gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return None
    return int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE).group(1))


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of them lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))] if ordered else float("nan")


def warm_up(hall: Hall, first: dict) -> None:
    """Every page and read a dozen times at once, so that each worker has served each (a server up a while)."""
    game, night = first["tables"][0]["game"], hall.night
    paths = [f"/api/games/{game}", f"/share/{game}", f"/share/{game}/live", f"/nights/{night}/screen",
             f"/nights/{night}/tables/1", f"/api/nights/{night}/tables/1", f"/api/nights/{night}/games/1"]
    jobs = [gevent.spawn(hall.send, requests.Session(), "warm-up", "GET", path, ok=OK | {303})
            for path in paths for _ in range(3 * WORKERS)]
    gevent.joinall(jobs, raise_error=True)


def run_night(hall: Hall, args: argparse.Namespace, server_pid: int) -> dict[int, tuple[int, int | None]]:
    """Set the night up, draw game 1, run every actor until the time is up; each worker's RSS start and end."""
    session = requests.Session()
    create_night(hall, session, args.players)
    first = draw(hall, session)
    if first is None:
        raise RuntimeError(f"the first draw was refused: {hall.samples}")
    warm_up(hall, first)
    keys = {table["table"]: table["table_url"].split("#key=")[1] for table in first["tables"]}
    start = {pid: rss_kib(pid) for pid in workers_of(server_pid)}
    hall.ends = time.monotonic() + args.minutes * 60
    actors = [gevent.spawn(director, hall)]
    actors += [gevent.spawn(table_phone, hall, number, key, args.hand_seconds) for number, key in keys.items()]
    actors += [gevent.spawn(screen, hall, number) for number in range(2)]
    actors += [gevent.spawn(spectator, hall, 1 + index % len(keys)) for index in range(args.spectators)]
    gevent.joinall(actors, timeout=args.minutes * 60 + 60, raise_error=True)
    return {pid: (kib, rss_kib(pid)) for pid, kib in start.items()}


def errors_of(hall: Hall, kinds: tuple[str, ...]) -> int:
    """How many answers to these kinds of request were errors."""
    return sum(count for (kind, status), count in hall.statuses.items() if kind in kinds and status not in OK | {303})


def print_requests(hall: Hall) -> None:
    """The requests side by side: count, p50, p99, errors, target."""
    print(f"\n| {'request':24} | {'count':>6} | {'p50 ms':>7} | {'p99 ms':>7} | {'errors':>6} | target |")
    print(f"|{'-' * 26}|{'-' * 7}:|{'-' * 8}:|{'-' * 8}:|{'-' * 7}:|--------|")
    for kind in ROWS:
        kinds = POLLS if kind == "all polls" else (kind,)
        times = [ms for sort in kinds for ms in hall.times[sort]]
        target = "p99 < 100 ms" if kind in ("hand", "all polls") else ""
        print(f"| {kind:24} | {len(times):6} | {percentile(times, .5):7.1f} | {percentile(times, .99):7.1f} | "
              f"{errors_of(hall, kinds):6} | {target} |")


def print_errors(hall: Hall) -> int:
    """Every answer that is not 2xx, 304 (or the table link's 303), by request and status; their count."""
    bad = {key: count for key, count in hall.statuses.items() if key[1] not in OK | {303}}
    print("\nerrors by status (target 0): " + (", ".join(f"{kind} {status}: {count}" for (kind, status), count
                                                        in sorted(bad.items())) or "none"))
    for (kind, status), text in sorted(hall.samples.items()):
        print(f"  e.g. {kind} {status}: {text[:200]!r}")
    return sum(bad.values())


def print_memory(memory: dict[int, tuple[int, int | None]]) -> float:
    """Each worker's RSS at the start and the end of the timed run and its growth; the largest growth in %."""
    print("\n| worker | RSS start MiB | RSS end MiB | growth | target |\n|---|---:|---:|---:|---|")
    worst = 0.0
    for pid, (start, end) in memory.items():
        if end is None:
            print(f"| {pid} | {start / 1024:.1f} | gone | | < 10 % |")
            worst = float("inf")
            continue
        growth = (end - start) / start * 100
        worst = max(worst, growth)
        print(f"| {pid} | {start / 1024:.1f} | {end / 1024:.1f} | {growth:+.1f} % | < 10 % |")
    return worst


def verdict(hall: Hall, errors: int, growth: float) -> bool:
    """Print whether the targets were met; True if they all were."""
    polls = [ms for kind in POLLS for ms in hall.times[kind]]
    checks = {"polls p99 < 100 ms": percentile(polls, .99) < 100,
              "hands p99 < 100 ms": percentile(hall.times["hand"], .99) < 100,
              "0 errors": errors == 0, "memory growth < 10 %": growth < 10}
    print("\ntargets: " + ", ".join(f"{name}: {'met' if met else 'MISSED'}" for name, met in checks.items()))
    return all(checks.values())


def forget_limits(redis_url: str, prefix: str) -> None:
    """Delete the run's limit counters from Redis (Flask-Limiter's keys under the run's prefix)."""
    import redis

    client = redis.Redis.from_url(redis_url)
    for key in client.scan_iter(f"LIMITS:LIMITER/{prefix}/*"):
        client.delete(key)
    client.close()


def serve(url: str, args: argparse.Namespace, folder: str):
    """gunicorn as the Procfile starts it, 4 workers, on the scratch database; its process and base URL."""
    port, log = free_port(), Path(folder) / "gunicorn.log"
    env = {"DATABASE_URL": url, "SECRET_KEY": "bench-night", "AUTO_MIGRATE": "1", "RATELIMIT_ENABLED": "1",
           "REDIS_URL": args.redis, "RATELIMIT_KEY_PREFIX": PREFIX}
    server = start_gunicorn(port, env, log, workers=WORKERS)
    base = f"http://127.0.0.1:{port}"
    wait_until_healthy(base, server, log)
    return server, base, log


def main(argv: list[str] | None = None) -> int:
    """Run the night and print the figures; 1 if a target was missed."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=10.0, help="length of the timed run (default 10)")
    parser.add_argument("--hand-seconds", type=float, default=10.0, help="a hand per table every (default 10)")
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--postgres", default=POSTGRES, help="the PostgreSQL server for the scratch database")
    parser.add_argument("--redis", default=os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0"))
    args = parser.parse_args(argv)
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load before: {os.getloadavg()[0]:.2f} on "
          f"{os.cpu_count()} cores, shared by the server (PostgreSQL, Redis, {WORKERS} gunicorn workers) and this "
          f"load generator")
    print(f"{args.players} players, {args.spectators} spectators, 2 projector screens, {args.minutes:g} minutes; "
          f"time compressed: a hand every {args.hand_seconds:g} s per table instead of every ~2 min")
    with postgres_database(args.postgres) as url, tempfile.TemporaryDirectory() as folder:
        server, base, log = serve(url, args, folder)
        try:
            hall = Hall(base, ends=0.0)
            memory = run_night(hall, args, server.pid)
        finally:
            stop(server)
            forget_limits(args.redis, PREFIX)
        tracebacks = log.read_text().count("Traceback")
        logged = [line for line in log.read_text().splitlines() if " ERROR " in line][:5]
    made = hall.drawn * len(hall.tables)
    print(f"games drawn: {hall.drawn} of {len(hall.tables)} tables, {made} tables' games (the limit, "
          f"RATELIMIT_TOURNAMENT_GAMES: {LIMITS['RATELIMIT_TOURNAMENT_GAMES']} per address); load after: "
          f"{os.getloadavg()[0]:.2f}; tracebacks in the server's log: {tracebacks}")
    print("".join(f"server log: {line[:300]}\n" for line in logged), end="")
    print_requests(hall)
    errors = print_errors(hall)
    return 0 if verdict(hall, errors, print_memory(memory)) else 1


if __name__ == "__main__":
    sys.exit(main())
