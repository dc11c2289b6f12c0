"""What the organizer does next, as the dashboard says it: register, check in, seat, publish,
enter deals, release. Read-only; every change is made on the page a step links to."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import F
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.translation import gettext, ngettext

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
            return [Step(gettext("Series %(series)s is under way.") % {"series": current.number},
                         gettext("Score sheets of series %(series)s")
                         % {"series": current.number},
                         url("tournament:series_sheets", current.number))]
        return [Step(_checked_in(checked_in, registered),
                     # Translators: the button to the check-in page at the door
                     gettext("Door"), url("tournament:door"))]
    if not registered:
        return [Step(gettext("Nobody is registered yet: register the players first."),
                     gettext("Register players"), url("tournament:player_add")),
                Step("", gettext("Import a player list (CSV)"), url("tournament:player_import"),
                     main=False)]
    steps = [Step(gettext("Series %(series)s is ready to release: every sheet is confirmed.")
                  % {"series": s.number},
                  gettext("Release series %(series)s") % {"series": s.number},
                  url("scoring:results_admin"))
             for s, _ in series if s.can_release]
    current = next(((s, n) for s, n in series if s.status not in (S.RELEASED, S.CONFIRMED)),
                   None)
    if current is None:
        if not steps:
            steps.append(Step(gettext("Every series is released."), gettext("Standings"),
                              url("scoring:standings")))
        return steps
    s, tables = current
    if s.is_draft and checked_in < 3:
        steps.append(Step(ngettext("%(checked_in)s of %(registered)s player is checked in; a "
                                   "series seats the checked-in players.",
                                   "%(checked_in)s of %(registered)s players are checked in; "
                                   "a series seats the checked-in players.", registered)
                          % {"checked_in": checked_in, "registered": registered},
                          gettext("Check in players"), url("tournament:players")))
    elif s.is_draft and tables:
        steps.append(Step(gettext("Series %(series)s is drawn but not published: the room "
                                  "cannot see it yet.") % {"series": s.number},
                          gettext("Publish series %(series)s") % {"series": s.number},
                          url("tournament:series", s.number)))
    elif s.is_draft:
        if checked_in < registered:
            steps.append(Step(_checked_in(checked_in, registered),
                              gettext("Check in players"), url("tournament:players"),
                              main=False))
        steps.append(Step(ngettext("Seat series %(series)s: %(count)s checked-in player.",
                                   "Seat series %(series)s: %(count)s checked-in players.",
                                   checked_in) % {"series": s.number, "count": checked_in},
                          gettext("Seat series %(series)s") % {"series": s.number},
                          url("tournament:series", s.number)))
    elif s.is_correcting:
        steps.append(Step(gettext("Series %(series)s: a correction is in progress.")
                          % {"series": s.number},
                          gettext("Score sheets of series %(series)s") % {"series": s.number},
                          url("tournament:series_sheets", s.number)))
    elif s.status == S.SEATED and deal_set_of(tournament) is not None:
        steps += deck_steps(s, tables, url)
    else:
        steps.append(Step(ngettext("Series %(series)s is seated at %(tables)s table: the "
                                   "tables enter their deals with their links.",
                                   "Series %(series)s is seated at %(tables)s tables: the "
                                   "tables enter their deals with their links.", tables)
                          % {"series": s.number, "tables": tables},
                          gettext("Score sheets of series %(series)s") % {"series": s.number},
                          url("tournament:series_sheets", s.number)))
    return steps


def _checked_in(checked_in: int, registered: int) -> str:
    """ "12 of 15 players are checked in." """
    return ngettext("%(checked_in)s of %(registered)s player is checked in.",
                    "%(checked_in)s of %(registered)s players are checked in.",
                    registered) % {"checked_in": checked_in, "registered": registered}


def deck_steps(s: Series, tables: int, url) -> list[Step]:
    """A comparative series seated, no deal played: the decks are prepared before play, in
    the order the director works (README, "Running a comparative event", step 3)."""
    n = s.number
    return [
        Step(ngettext("Series %(series)s is seated at %(tables)s table. Before play, prepare "
                      "the decks: 1. deal every deck from its hand record;",
                      "Series %(series)s is seated at %(tables)s tables. Before play, prepare "
                      "the decks: 1. deal every deck from its hand record;", tables)
             % {"series": n, "tables": tables},
             gettext("Hand records of series %(series)s") % {"series": n},
             url("tournament:hands", n)),
        Step(gettext("2. label the deck boxes with the table each deck starts at;"),
             gettext("Deck labels (PDF)"), url("printing:deck_labels_pdf", n), main=False),
        Step(gettext("3. put up the movement chart: which decks each table plays in each "
                     "round;"),
             gettext("Movement chart"), url("tournament:movement", n), main=False),
        Step(gettext("4. lay the table cards out; the tables enter their deals with their "
                     "links."),
             gettext("Score sheets of series %(series)s") % {"series": n},
             url("tournament:series_sheets", n), main=False),
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
        return (gettext("All %(of)s series counted.") % {"of": of} if of > 1
                else gettext("Series 1 counted."))
    # Translators: "Series 1 and 2 of 3 counted." (German: "Serien 1 und 2 von 3 gewertet.")
    return ngettext("Series %(listed)s of %(of)s counted.", "Series %(listed)s of %(of)s counted.",
                    len(names)) % {"listed": listed(names), "of": of}


def listed(words: list[str]) -> str:
    """ "1", "1 and 2", "1, 2 and 3" in the reader's language."""
    if len(words) == 1:
        return words[0]
    # Translators: the end of a list: "1, 2 and 3"
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(words[:-1]),
                                                 "last": words[-1]}
