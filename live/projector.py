"""The projector's slides (docs/live.md, "The projector"): the standings, "Where do I sit?",
the series' progress and the prize list, each cut into slides that fit the hall's screen.

Nothing here ranks, counts or decides a release: the rows are the result pages' own
(``scoring.results.page``, ``scoring.awards.page``), the seats the charts' (``seating.charts``),
the progress the director's board's (``live.board``), all read for the visitor the view was
given, so the projector shows no more than that visitor's pages. A bounded number of queries
whatever the room's size: the standings and prizes from the results cache, one query for
the seats, three for the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext, pgettext

from live.board import State, board
from live.projector_choice import PRIZES, PROGRESS, SEATS, SERIES, STANDINGS, Choice
from scoring.awards.page import PrizeRow, prize_page
from scoring.comparison.page import comparative_page
from scoring.release.page import release_of
from scoring.results.page import StandingRow, standings_page
from tournament.comparative.services import deal_set_of
from tournament.models import Series
from tournament.numbers import grouped
from tournament.permissions import IN_PLAY_STATES, Visitor
from tournament.seating.charts import SeatRow, alphabetical, seat_rows

ROWS = 12  # standings rows a slide: readable from 10 m at 1280×720 and 1920×1080
NAMES = 36  # "Where do I sit?": three columns of twelve
PRIZE_ROWS = 6  # a prize is two lines: its title and its winner
SLOWEST = 12  # the slowest tables the progress names
OPEN = (State.NOT_STARTED, State.PLAYING)  # tables still playing (the public's words)


@dataclass(frozen=True)
class Slide:
    """One screen: its kind (the template ``live/projector_<kind>.html`` shows it), a key that
    stays the same while the room changes (the script keeps its place by it), its title and,
    when a list takes several slides, which part this is ("2 / 3")."""

    kind: str
    key: str
    title: str
    subtitle: str = ""
    part: str = ""
    provisional: bool = False
    rows: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)

    @property
    def template(self) -> str:
        return f"live/projector_{STANDINGS if self.kind == SERIES else self.kind}.html"


@dataclass(frozen=True)
class Projector:
    choice: Choice
    visitor: Visitor
    series: Series | None  # the series of the seats and the progress
    slides: list[Slide]


def _chunks(rows: list, size: int, even: bool = False) -> list[list]:
    """``rows`` in slides of ``size``; ``even``: as many slides, as full as each other (seven
    prizes are four and three, not six and one)."""
    if even and rows:
        size = -(-len(rows) // -(-len(rows) // size))
    return [rows[i:i + size] for i in range(0, len(rows), size)] or [[]]


def _part(index: int, count: int) -> str:
    if count < 2:
        return ""
    # Translators: the projector's slide of a list that takes several: "2 / 3"
    return gettext("%(part)s / %(parts)s") % {"part": index + 1, "parts": count}


def current_series(visitor: Visitor, series: list[Series], asked: int | None) -> Series | None:
    """The series asked for if the visitor sees its seating, else the latest he does (the one
    the room plays or is about to)."""
    seen = [s for s in series if visitor.sees_seating_of(s)]
    chosen = next((s for s in seen if s.number == asked), None)
    return chosen or (seen[-1] if seen else None)


def _heading(visitor: Visitor, number: int | None, words: str) -> tuple[str, str, bool]:
    """A standings slide's title, its line (``words``, or which series is being played, for
    the public's provisional standings) and whether a series in play moves it."""
    playing = [n for n in release_of(visitor, number).in_play if number in (None, n)]
    if playing:
        words = ngettext("Series %(numbers)s is being played.",
                         "Series %(numbers)s are being played.", len(playing)) % {
            "numbers": ", ".join(map(str, playing))}
    if number is None:
        title = gettext("Standings")
    else:
        title = gettext("Standings of series %(number)s") % {"number": number}
    return title, words, bool(playing)


def _standings(visitor: Visitor, choice: Choice, kind: str, number: int | None) -> list[Slide]:
    if deal_set_of(visitor.tournament) is not None:
        return _comparative(visitor, choice, kind, number)
    page = standings_page(visitor, number)
    if page.comp.nothing_counted:
        return []
    title, words, playing = _heading(visitor, number, page.comp.counted_words)
    rows: list[StandingRow] = page.rows[:choice.places]
    parts = _chunks(rows, ROWS)
    own_score = page.comp.ranking.own_score
    return [Slide(kind, f"{kind}-{number or 0}-{i}", title, words, _part(i, len(parts)),
                  playing or page.comp.provisional, chunk, {"own_score": own_score})
            for i, chunk in enumerate(parts)]


def _comparative(visitor: Visitor, choice: Choice, kind: str,
                 number: int | None) -> list[Slide]:
    """A comparative tournament ranks by matchpoints: its standings page's own rows (the
    mean percentage per deck), as ``scoring:comparative`` shows them."""
    page = comparative_page(visitor, number)
    if not page.rows:
        return []
    title, words, playing = _heading(visitor, number, gettext(
        "Players rank by the mean of their percentages per deck; equal places are ties."))
    parts = _chunks(page.rows[:choice.places], ROWS)
    return [Slide(kind, f"{kind}-{number or 0}-{i}", title, words, _part(i, len(parts)),
                  playing or page.comparison.provisional, chunk, {"comparative": True})
            for i, chunk in enumerate(parts)]


def _seats(visitor: Visitor, series: Series | None) -> list[Slide]:
    if series is None:
        return []
    rows: list[SeatRow] = alphabetical(seat_rows(series, public=visitor.released_only))
    if not rows:
        return []
    parts = _chunks(rows, NAMES)
    title = gettext("Where do I sit?")
    subtitle = gettext("Series %(number)s") % {"number": series.number}
    slides = []
    for i, chunk in enumerate(parts):
        # Translators: the names on one slide of "Where do I sit?": "Becker – Koch"
        span = gettext("%(first)s – %(last)s") % {"first": chunk[0].sort_name.split(",")[0],
                                                   "last": chunk[-1].sort_name.split(",")[0]}
        slides.append(Slide(SEATS, f"seats-{series.number}-{i}", title,
                            f"{subtitle} · {span}" if len(parts) > 1 else subtitle,
                            _part(i, len(parts)), rows=chunk))
    return slides


def _progress(visitor: Visitor, series: Series | None) -> list[Slide]:
    """The progress of a series in play: the staff's, and the public's where the organizer
    shows it the provisional standings (as the tournament page's bar, ``Visitor.playing``)."""
    if series is None or series.status not in IN_PLAY_STATES:
        return []
    if not (visitor.staff or visitor.in_play):
        return []
    found = board(series)
    tables = [r for r in found.rows if r.state is not State.NO_SHEET]
    finished = sum(1 for r in tables if r.played >= r.deals or r.state not in OPEN)
    slowest = sorted((r for r in tables if r.state in OPEN),
                     key=lambda r: (r.played / r.deals if r.deals else 1.0, r.number))
    end = found.pace.end
    return [Slide(PROGRESS, f"progress-{series.number}",
                  gettext("Series %(number)s: progress") % {"number": series.number},
                  rows=slowest[:SLOWEST], extra={
                      "tables": len(tables), "finished": finished,
                      "played": found.played, "deals": found.deals,
                      "percent": round(100 * found.played / found.deals) if found.deals else 0,
                      "end": timezone.localtime(end).strftime("%H:%M") if end else "",
                      "left": len(slowest),
                      "words": gettext("%(played)s of %(deals)s deals entered") % {
                          "played": grouped(found.played), "deals": grouped(found.deals)}})]


def _prizes(visitor: Visitor, series: list[Series]) -> list[Slide]:
    """The prize list once every series is released (the staff's view: as it stands). Prizes
    count released series only, never the series in play (``Visitor.playing``)."""
    released = replace(visitor, in_play=False)
    if not series or not all(released.sees_results_of(s) for s in series):
        return []
    page = prize_page(released)
    if page.comp.nothing_counted or not page.prizes:
        return []
    rows: list[PrizeRow] = page.prizes
    parts = _chunks(rows, PRIZE_ROWS, even=True)
    return [Slide(PRIZES, f"prizes-{i}", gettext("Prizes"), page.comp.counted_words,
                  _part(i, len(parts)), page.comp.provisional, chunk)
            for i, chunk in enumerate(parts)]


def _welcome(visitor: Visitor) -> Slide:
    """Nothing to show yet: the tournament's name, and when its results appear."""
    tournament = visitor.tournament
    when = date_format(tournament.start_date, "DATE_FORMAT")
    return Slide("welcome", "welcome", tournament.name,
                 f"{when} · {tournament.venue}" if tournament.venue else when, extra={
        "words": pgettext("the projector before anything is seated or released",
                          "The seating and the results appear here as soon as they are "
                          "published.")})


def projector(visitor: Visitor, choice: Choice) -> Projector:
    """The slides of ``choice`` that have something to show ``visitor``, in order."""
    every = list(visitor.tournament.series.order_by("number"))
    series = current_series(visitor, every, choice.series)
    latest = [s.number for s in every if visitor.counts(s)]
    slides: list[Slide] = []
    for kind in choice.slides:
        if kind == STANDINGS:
            slides += _standings(visitor, choice, STANDINGS, None)
        elif kind == SERIES and latest:
            slides += _standings(visitor, choice, SERIES, latest[-1])
        elif kind == SEATS:
            slides += _seats(visitor, series)
        elif kind == PROGRESS:
            slides += _progress(visitor, series)
        elif kind == PRIZES:
            slides += _prizes(visitor, every)
    return Projector(choice, visitor, series, slides or [_welcome(visitor)])
