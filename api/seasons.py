"""A club's season ranking (``seasons.services.season_ranking``, as its page reads it): the
public reads the released series of the club's public evenings with the names as published,
the club's organizers (their token or login) every counted series with the full names. A
season without a public evening is a 404 but for its club's organizers (docs/access.md)."""

from __future__ import annotations

import datetime

from django.http import Http404, HttpResponse
from django.utils.translation import gettext
from ninja import Field, Path, Router, Schema

from api.auth import READERS, caller
from api.conditional import VARY, spend
from api.schemas import Error
from seasons.access import is_public
from seasons.models import Season
from seasons.services import season_ranking
from tournament import crowd
from tournament.permissions import organizes_club

router = Router(auth=READERS, tags=["seasons"])

CLUB = Path(..., ge=1, le=2**31 - 1, description="The club's id, as in its address "
            "/club/<club>/.")
SEASON = Path(..., pattern=r"^[-a-zA-Z0-9_]+$", max_length=80,
              description="The season's slug, as in its address /club/<club>/<season>/.")


class ClubRef(Schema):
    id: int
    name: str


class AbsencePenalty(Schema):
    over: int
    base: int
    power: int


class SeasonRules(Schema):
    """The ``rules`` object of ``python -m seasons`` (docs/seasons.md), as read."""

    value: str = Field(description="total or average.")
    min_played: int
    zero_up_to: int
    drop_worst_at: list[int]
    best: int | None
    absence_penalty: AbsencePenalty | None
    guests: str = Field(description="after or omit.")


class SeasonUnit(Schema):
    key: str = Field(description="The unit's key in the rows' counted and dropped: "
                                 "\"<evening id>-<series>\", or \"<evening id>\".")
    evening: str = Field(description="The evening's slug, as in its address /t/<slug>/.")
    day: datetime.date
    series: int | None = Field(description="None where one result is an evening's series "
                                           "added up.")


class SeasonRow(Schema):
    player: int = Field(description="The person's id across the club's evenings.")
    name: str
    rank: str | None = Field(description="\"1\", \"3=\" (shared); none for the not qualified "
                                         "and the guests.")
    value: str = Field(description="The total or average, two decimals: \"12.50\".")
    played: int
    counted: list[str]
    dropped: list[str]
    penalty: int
    qualified: bool
    guest: bool


class SeasonRanking(Schema):
    name: str
    slug: str
    club: ClubRef
    first_day: datetime.date
    last_day: datetime.date
    unit: str = Field(description="series or evening: what one result is.")
    rules: SeasonRules
    problem: str = Field(description="Why the stored rules cannot be read (nothing is ranked "
                                     "then); empty when they can.")
    units: list[SeasonUnit]
    ranking: list[SeasonRow]


def _rules(rules) -> dict:
    penalty = rules.absence_penalty
    return {"value": rules.value, "min_played": rules.min_played,
            "zero_up_to": rules.zero_up_to, "drop_worst_at": list(rules.drop_worst_at),
            "best": rules.best, "guests": rules.guests,
            "absence_penalty": None if penalty is None else {
                "over": penalty.over, "base": penalty.base, "power": penalty.power}}


def season_answer(season: Season, public: bool) -> dict:
    ranking = season_ranking(season, public=public)
    return {
        "name": season.name, "slug": season.slug,
        "club": {"id": season.club_id, "name": season.club.name},
        "first_day": season.first_day, "last_day": season.last_day, "unit": season.unit,
        "rules": _rules(ranking.rules), "problem": ranking.problem,
        "units": [{"key": u.key, "evening": u.slug, "day": u.day, "series": u.series}
                  for u in ranking.units],
        "ranking": [{**row.as_json(), "player": int(row.player),
                     "counted": [str(k) for k in row.counted],
                     "dropped": [str(k) for k in row.dropped],
                     "name": ranking.person(int(row.player)).name, "guest": row.guest}
                    for row in ranking.rows]}


@router.get("/clubs/{club}/seasons/{season}",
            response={200: SeasonRanking, 404: Error, 422: Error, 429: Error},
            url_name="season", operation_id="season")
def season(request, response: HttpResponse, club: int = CLUB, season: str = SEASON):
    """A club's season ranking: the ranked players, then the not qualified, then the guests,
    each with the units (series or evenings) counted and dropped."""
    found = Season.objects.select_related("club").filter(club_id=club, slug=season).first()
    organizer = found is not None and organizes_club(caller(request).user, found.club)
    if found is None or not (organizer or is_public(found)):
        raise Http404(gettext("There is no such season."))
    spend(request, crowd.Cost.PAGE)
    response["Vary"] = VARY
    response["Cache-Control"] = ("private" if organizer else "public") + ", no-cache"
    return season_answer(found, public=not organizer)
