"""What the organizer does next, as the dashboard says it: register, check in, seat, publish,
enter deals, release. Read-only; every change is made on the page a step links to."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import F
from django.db.models.functions import Coalesce
from django.urls import reverse

from tournament.comparative.services import deal_set_of
from tournament.models import Series, SeriesStatus, Tournament
from tournament.permissions import tournaments_of

S = SeriesStatus


@dataclass(frozen=True)
class Step:
    text: str  # what the tournament needs, in a sentence
    label: str  # the button's words
    url: str
    main: bool = True  # the button to press first; the others are secondary


def next_steps(tournament: Tournament, counts: dict, series: list[tuple[Series, int]],
               organizer: bool) -> list[Step]:
    """The steps the dashboard shows: ``counts`` of registered and checked-in players,
    ``series`` as (series, number of tables) in order."""
    slug = tournament.slug

    def url(name: str, *args) -> str:
        return reverse(name, args=[slug, *args])

    registered, checked_in = counts["registered"], counts["checked_in"]
    if not organizer:
        current = next((s for s, _ in series if s.is_published and not s.is_released), None)
        if current is not None:
            return [Step(f"Series {current.number} is under way.",
                         f"Score sheets of series {current.number}",
                         url("tournament:series_sheets", current.number))]
        return [Step(f"{checked_in} of {registered} players are checked in.", "Door",
                     url("tournament:door"))]
    if not registered:
        return [Step("Nobody is registered yet: register the players first.",
                     "Register players", url("tournament:player_add")),
                Step("", "Import a player list (CSV)", url("tournament:player_import"),
                     main=False)]
    steps = [Step(f"Series {s.number} is ready to release: every sheet is confirmed.",
                  f"Release series {s.number}", url("scoring:results_admin"))
             for s, _ in series if s.can_release]
    current = next(((s, n) for s, n in series if s.status not in (S.RELEASED, S.CONFIRMED)),
                   None)
    if current is None:
        if not steps:
            steps.append(Step("Every series is released.", "Standings",
                              url("scoring:standings")))
        return steps
    s, tables = current
    if s.is_draft and checked_in < 3:
        steps.append(Step(f"{checked_in} of {registered} players are checked in; a series "
                          "seats the checked-in players.", "Check in players",
                          url("tournament:players")))
    elif s.is_draft and tables:
        steps.append(Step(f"Series {s.number} is drawn but not published: the room cannot "
                          "see it yet.", f"Publish series {s.number}",
                          url("tournament:series", s.number)))
    elif s.is_draft:
        if checked_in < registered:
            steps.append(Step(f"{checked_in} of {registered} players are checked in.",
                              "Check in players", url("tournament:players"), main=False))
        steps.append(Step(f"Seat series {s.number}: {checked_in} checked-in players.",
                          f"Seat series {s.number}", url("tournament:series", s.number)))
    elif s.is_correcting:
        steps.append(Step(f"Series {s.number}: a correction is in progress.",
                          f"Score sheets of series {s.number}",
                          url("tournament:series_sheets", s.number)))
    elif s.status == S.SEATED and deal_set_of(tournament) is not None:
        steps += deck_steps(s, tables, url)
    else:
        steps.append(Step(f"Series {s.number} is seated at {tables} tables: the tables enter "
                          "their deals with their links.", f"Score sheets of series {s.number}",
                          url("tournament:series_sheets", s.number)))
    return steps


def deck_steps(s: Series, tables: int, url) -> list[Step]:
    """A comparative series seated, no deal played: the decks are prepared before play, in
    the order the director works (README, "Running a comparative event", step 3)."""
    n = s.number
    return [
        Step(f"Series {n} is seated at {tables} tables. Before play, prepare the decks: "
             "1. deal every deck from its hand record;", f"Hand records of series {n}",
             url("tournament:hands", n)),
        Step("2. label the deck boxes with the table each deck starts at;",
             "Deck labels (PDF)", url("printing:deck_labels_pdf", n), main=False),
        Step("3. put up the movement chart: which decks each table plays in each round;",
             "Movement chart", url("tournament:movement", n), main=False),
        Step("4. lay the table cards out; the tables enter their deals with their links.",
             f"Score sheets of series {n}", url("tournament:series_sheets", n), main=False),
    ]


RECENT_DAYS = 60  # the home page lists public tournaments that ended this recently
LISTED = 20  # at most this many upcoming and this many recent


@dataclass(frozen=True)
class FrontPage:
    upcoming: list[Tournament]  # public, today or later (also under way), soonest first
    recent: list[Tournament]  # public, ended in the last RECENT_DAYS days, latest first
    yours: list[Tournament]  # the visitor organizes or assists them (empty when anonymous)


def front_page(user, today: date) -> FrontPage:
    """The tournaments the home page lists for ``user`` (three queries at most)."""
    public = Tournament.objects.filter(public=True).annotate(
        last_day=Coalesce("end_date", "start_date"))
    upcoming = list(public.filter(last_day__gte=today).order_by("start_date", "name")[:LISTED])
    recent = list(public.filter(last_day__lt=today,
                                last_day__gte=today - timedelta(days=RECENT_DAYS))
                  .order_by(F("last_day").desc(), "name")[:LISTED])
    yours = (list(tournaments_of(user).order_by("-start_date", "name"))
             if user.is_authenticated else [])
    return FrontPage(upcoming, recent, yours)


def counted_words(counted: tuple[int, ...] | list[int], of: int) -> str:
    """ "Series 1 and 2 of 3 counted." ("" when none is)."""
    names = [str(n) for n in counted]
    if not names:
        return ""
    if len(names) == of:
        return f"All {of} series counted." if of > 1 else "Series 1 counted."
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"Series {listed} of {of} counted."
