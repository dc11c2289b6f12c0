"""The director's board of a series (organizers and assistants, as the score sheets): every
table's state, the slowest first, the expected end; it updates by itself (live.js)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render

from live.board import board, latest_request
from live.tables import PER_PAGE, BoardTable
from tournament.live import live_staff, this_minute
from tournament.models import Series
from tournament.parsing import configure_table
from tournament.permissions import staff_required


def _moves(request, tournament) -> tuple:
    """A refusal moves no version; the expected end moves with the clock."""
    number = request.resolver_match.kwargs.get("number")
    return (*this_minute(request, tournament), latest_request(tournament, number))


@staff_required
@live_staff(moves=_moves)
def series_board(request, tournament, number):
    series = get_object_or_404(Series, tournament=tournament, number=number)
    series.tournament = tournament  # read once
    found = board(series)
    table = BoardTable(found.rows)
    configure_table(request, table, PER_PAGE)
    return render(request, "live/board.html", {
        "tournament": tournament, "series": series, "board": found, "table": table,
        "is_organizer": tournament.organized_by(request.user)})
