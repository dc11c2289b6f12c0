"""Seating a series of a club evening by the club's season ranking: the leaders of the season
together at table 1, the next at table 2, and so on, as clubs seat their fixed evenings;
guests (and whoever the season has not ranked) placed from a table the organizer names.

The plan is the pure ``season_ladder`` cut by ``tournament.seating.by_results.by_standings``
(its table sizes, keep-apart swaps and seat order) and stored by
``tournament.seating.services.seat_series_from_plan`` (one transaction, audited)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.utils.translation import gettext

from seasons.models import Season
from seasons.services import season_ranking
from tournament.models import Entry, SeatingMethod, Series, SeriesStatus, Tournament
from tournament.permissions import organizes_club
from tournament.refusals import Refusal
from tournament.seating import algorithms as seating
from tournament.seating import by_results, loaders
from tournament.seating import services as plans
from tournament.speech import say


class SeasonSeatingError(Refusal):
    """A seating by the season ranking that cannot be done, in one sentence."""


def season_ladder(ranked: Sequence[int], guests: Sequence[int], sizes: Sequence[int],
                  guests_from_table: int | None = None) -> list[int]:
    """The room from the head table to the foot, to be cut into tables of ``sizes``.

    ``ranked`` are the players the season ranks, best first; ``guests`` the others, in the
    order they are to be placed. With ``guests_from_table`` None the guests come after the
    ranked players (the foot tables). Else the guests are spread one per table over the
    tables from that number on (table N, N+1, …, the foot, then N again while seats are
    free), so no table there is a guests' table and every table above N holds ranked players
    only; the ranked players then fill the remaining seats in ranking order from table 1. If
    the tables from N on cannot hold every guest, the rest take the last free seats above N
    (from table N-1 up). A number past the foot table means the foot table.

    >>> season_ladder([1, 2, 3, 4, 5, 6, 7, 8], [91, 92], [4, 3, 3], 2)
    [1, 2, 3, 4, 5, 6, 91, 7, 8, 92]
    >>> season_ladder([1, 2, 3, 4, 5, 6, 7], [91, 92, 93], [4, 3, 3])
    [1, 2, 3, 4, 5, 6, 7, 91, 92, 93]
    """
    if sum(sizes) != len(ranked) + len(guests):
        raise ValueError("the table sizes must seat every player once")
    if guests_from_table is None or not guests:
        return [*ranked, *guests]
    start = min(max(guests_from_table, 1), len(sizes)) - 1
    guest_seats = [0] * len(sizes)
    left = len(guests)
    order = list(range(start, len(sizes)))
    while left and any(guest_seats[t] < sizes[t] for t in order):
        for t in order:
            if left and guest_seats[t] < sizes[t]:
                guest_seats[t] += 1
                left -= 1
    for t in range(start - 1, -1, -1):  # more guests than seats from table N on
        taken = min(left, sizes[t])
        guest_seats[t] += taken
        left -= taken
    ranked_left, guests_left = iter(ranked), iter(guests)
    ladder: list[int] = []
    for t, size in enumerate(sizes):
        ladder += [next(ranked_left) for _ in range(size - guest_seats[t])]
        ladder += [next(guests_left) for _ in range(guest_seats[t])]
    return ladder


def seasons_of(evening: Tournament):
    """The club's seasons that hold the evening's day (none for an evening of no club)."""
    if evening.club_id is None:
        return Season.objects.none()
    return Season.objects.filter(club_id=evening.club_id, first_day__lte=evening.start_date,
                                 last_day__gte=evening.start_date)


def ranked_and_guests(series: Series, season: Season, seed: str,
                      public: bool = False) -> tuple[list[int], list[int]]:
    """The checked-in entries of the evening: those whose person the season ranks (not as a
    guest), in ranking order, and the others, in an order drawn from ``seed``. ``public``:
    by the ranking the public reads (an evening's organizer who does not run the club sees
    no unreleased series through the seats)."""
    present = loaders.checked_in_ids(series.tournament)
    person = dict(Entry.objects.filter(pk__in=present).values_list("pk", "player_id"))
    place = {row.player: i for i, row in enumerate(season_ranking(season, public=public).rows)
             if not row.guest}
    ranked = sorted((e for e in present if person[e] in place), key=lambda e: place[person[e]])
    guests = sorted(e for e in present if person[e] not in place)
    random.Random(f"{seed}-guests").shuffle(guests)
    return ranked, guests


def seat_by_season(series: Series, season: Season, guests_from_table: int | None, seed: str,
                   user) -> seating.Plan:
    """Seat ``series`` (a draft) of a club evening by ``season``'s ranking, guests from table
    ``guests_from_table`` on (None: after the ranked players); stored and audited as any
    plan. Refused: a series other than the first or not a draft, an evening of no club, a
    season of another club, an evening nobody is checked in to (or fewer than three
    players)."""
    tournament = series.tournament
    if series.number != 1:
        # later series are seated by the evening's own results or drawn
        raise SeasonSeatingError(gettext("The season ranking seats the evening's first "
                                         "series; seat series %(series)s by this evening's "
                                         "results or by a draw.") % {"series": series.number})
    if series.status != SeriesStatus.DRAFT:
        raise SeasonSeatingError(gettext("Series %(series)s is published; only a draft can "
                                         "be seated again.") % {"series": series.number})
    if tournament.club_id is None:
        raise SeasonSeatingError(gettext("This tournament is no club's evening: it has no "
                                         "season ranking to seat by."))
    if season.club_id != tournament.club_id:
        raise SeasonSeatingError(gettext("That season belongs to another club."), "season")
    if guests_from_table is not None and guests_from_table < 1:
        raise SeasonSeatingError(gettext("Guests from table: enter a table number from 1."),
                                 "guests_from_table")
    seed = (seed or "").strip() or plans.new_seed()
    ranked, guests = ranked_and_guests(series, season, seed,
                                     public=not organizes_club(user, season.club))
    if not ranked and not guests:
        raise SeasonSeatingError(gettext("Nobody is checked in yet: check the players in at "
                                         "the door first."))
    policy = seating.TablePolicy(tournament.table_policy)
    try:
        sizes = seating.table_sizes(len(ranked) + len(guests), policy)
        ladder = season_ladder(ranked, guests, sizes, guests_from_table)
        plan = by_results.by_standings(ladder, seed, policy=policy,
                                       keep_apart=loaders.keep_apart_pairs(tournament))
        return plans.seat_series_from_plan(series, SeatingMethod.SEASON, plan, user)
    except seating.SeatingError as exc:
        raise SeasonSeatingError(say(exc.words)) from exc
    except plans.PlanError as exc:  # said in the reader's language already
        raise SeasonSeatingError(str(exc)) from exc
