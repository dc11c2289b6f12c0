"""The suite's builders: a test builds its world as organizers and players do, through the
services (registration, seating, score sheets, release), so it meets what users meet.

    night = club_night(organizer)                 # seven seated and published, a substitute
    four = table_of_size(night, 4)
    enter(four, 3)                                # three Heart Solos through the sheet service
    finish(table_of_size(night, 3))               # every deal, submitted and confirmed
    release(confirm_series(night.series.get(number=1)))

``add_entry`` alone writes rows directly, for the tests that need what a service refuses or
skips (an entry without an audit entry, a bulk of players).
"""

from __future__ import annotations

import datetime

from tournament.models import Club, Entry, Player, SeatingMethod, Series, Table, Tournament
from tournament.registration import services as registration
from tournament.seating import services as plans
from tournament.sheets import services as sheets
from tournament.sheets.services import DealInput, table_info

# The club night's players, and the one at the bar (a substitute) after them.
NAMES = ("Anna Becker", "Carl Brandt", "Emma Fischer", "Franz Koch", "Ida Lange", "Otto Meyer",
         "Rosa Vogel", "Hans Ziegler")

SOLO_WON = {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95}  # +30
SOLO_LOST = {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 40}  # -20
EVENING = datetime.date(2027, 5, 1)


# --- a tournament and its players ------------------------------------------------------------


def new_tournament(slug: str, organizer=None, *, name: str = "Club Night",
                   start_date: datetime.date = EVENING, **fields) -> Tournament:
    """A tournament as the organizer's form creates it, with its series (none seated)."""
    tournament = Tournament.objects.create(name=name, slug=slug, start_date=start_date,
                                           **fields)
    if organizer is not None:
        tournament.organizers.add(organizer)
    plans.ensure_series(tournament)
    return tournament


def register(tournament: Tournament, names, *, club: str = "", checked_in: bool = True,
             user=None) -> list[Entry]:
    """``names`` ("First Last") registered at the door through the registration service,
    numbered on from the last number."""
    entries = []
    for name in names:
        first, last = name.split(" ", 1)
        entries.append(registration.register_player(
            tournament, first_name=first, last_name=last, club_name=club,
            check_in=checked_in, user=user))
    return entries


def add_entry(tournament: Tournament, number: int, first_name: str, last_name: str,
              club: Club | None = None, checked_in: bool = True, email: str = "",
              player: Player | None = None) -> Entry:
    """Register a player directly (no checks, no audit): a new person unless ``player``."""
    if player is None:
        player = Player.objects.create(first_name=first_name, last_name=last_name)
    return Entry.objects.create(tournament=tournament, player=player, number=number,
                                first_name=first_name, last_name=last_name, club=club,
                                email=email, checked_in=checked_in)


def add_entries(tournament: Tournament, count: int, *, first: str = "P", last: str = "Player",
                club: Club | None = None, checked_in: bool = True) -> list[Entry]:
    """``count`` checked-in players numbered 1..count: "P1 Player001", "P2 Player002", …"""
    return [add_entry(tournament, n, f"{first}{n}", f"{last}{n:03d}", club=club,
                      checked_in=checked_in) for n in range(1, count + 1)]


# --- seating ---------------------------------------------------------------------------------


def seat(series: Series, seed: str, *, method: str = SeatingMethod.DRAW, user=None,
         publish: bool = True) -> Series:
    """The checked-in players seated by ``method`` from ``seed`` and (unless a draft)
    published: the tables' links work from then on."""
    plans.seat_series(series, method, seed, user)
    if publish:
        plans.publish(series, user)
    series.refresh_from_db()
    return series


def club_night(organizer=None, *, slug: str = "club-night", seed: str = "absence",
               players: int = 7, substitutes: int = 1, scoring: str = "league",
               deals_per_player: int = 2, series_count: int = 1,
               public: bool = True) -> Tournament:
    """A club night: ``players`` of ``NAMES`` registered, checked in and seated in series 1
    (seven: a four- and a three-table), published; the next ``substitutes`` registered but
    not checked in (Hans Ziegler at the bar); the other series not seated."""
    tournament = new_tournament(slug, organizer, deals_per_player=deals_per_player,
                                series_count=series_count, public=public,
                                scoring_system=scoring)
    register(tournament, NAMES[:players])
    seat(tournament.series.get(number=1), seed)
    register(tournament, NAMES[players:players + substitutes], checked_in=False)
    return tournament


def table_of_size(where: Tournament | Series, size: int) -> Table:
    """The first table of ``size`` seats in series 1 (or in the series given)."""
    series = where if isinstance(where, Series) else where.series.get(number=1)
    for table in series.tables.order_by("number"):
        if table.seats.count() == size:
            return table
    raise AssertionError(f"no {size}-table")


# --- score sheets ----------------------------------------------------------------------------


def playing_seat(table: Table, number: int) -> int:
    """A seat that may declare deal ``number`` (not the dealer, who sits out at a four-table)."""
    info = table_info(table)
    dealer = info.dealer(number)
    return next(p.position for p in info.players if p.position != dealer)


ANY_SEAT = 0  # no table has a seat 0: "a seat that may declare the deal"


def play(table: Table, record: dict | None = None, declarer: int | None = ANY_SEAT,
         actor: str = "test") -> None:
    """Enter the next deal through the sheet service: ``record`` (a won Heart Solo unless
    given) declared by ``declarer`` (a seat that may, unless given; None: nobody, a Ramsch)."""
    table.refresh_from_db()
    number = table.deals.count() + 1
    if declarer == ANY_SEAT:
        declarer = playing_seat(table, number)
    sheets.add_deal(table, DealInput(dict(record or SOLO_WON), declarer=declarer),
                    table.sheet_version, actor)
    table.refresh_from_db()


def enter(table: Table, count: int) -> None:
    """Enter ``count`` deals: Heart Solo with 1, Schneider, won (+30), each by a seat that
    may declare it."""
    for _ in range(count):
        play(table)


def finish(table: Table) -> Table:
    """Every deal still missing entered, the sheet submitted by one player and confirmed by
    another, on two devices."""
    info = table_info(table)
    enter(table, info.deal_count - table.deals.count())
    sheets.submit_sheet(table, info.players[0].name, session="phone-1")
    sheets.confirm_sheet(table, info.players[1].name, session="phone-2")
    table.refresh_from_db()
    return table


def confirm_series(series: Series) -> Series:
    """Every table of the series finished: the series is confirmed, ready for release."""
    for table in series.tables.order_by("number"):
        finish(table)
    series.refresh_from_db()
    return series


def release(series: Series, user=None) -> Series:
    """A confirmed series' results released to the public."""
    from scoring.release.services import release_series

    release_series(series, user)
    series.refresh_from_db()
    return series
