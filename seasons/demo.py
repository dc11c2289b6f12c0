"""A club with its season for the demo (``manage.py demo_club_season``, ``make run``): the
Skatclub Kreuz-Bube Altenburg, 26 members and 6 guests, 20 weekly evenings of two series (most
members and a few guests each), played from random deals, confirmed and released, German and
public; two seasons over them made through the season page's service (``save_season``): the
year (total after drops, ranked from 20 series) and the first quarter (its first 10
evenings, ranked from 8 series)."""

from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from engine import DEFAULT_RULE_SET
from seasons.models import Member, Season
from seasons.presets import PRESETS
from seasons.views.season_settings import save_season
from tournament import lifecycle
from tournament.demo import FIRST, LAST, play_demo_series
from tournament.models import (
    Club,
    Entry,
    Player,
    SeatingMethod,
    SeriesStatus,
    Tournament,
)
from tournament.names import person_key
from tournament.seating import services as plans

CLUB_NAME = "Skatclub Kreuz-Bube Altenburg (Demo)"
CITY = "Altenburg"
SLUG_PREFIX = "kreuz-bube-demo-"
MEMBERS, GUESTS, EVENINGS = 26, 6, 20
FIRST_EVENING = datetime.date(2027, 1, 21)  # a Thursday: ten evenings in the first quarter
YEAR_SLUG, QUARTER_SLUG = "2027", "2027-q1"


def _organizer():
    return get_user_model().objects.filter(username="organizer").first()


def _people(rng: random.Random) -> tuple[list[Player], list[Player]]:
    """The members and the guests: new persons of the demo's German names."""
    names: list[tuple[str, str]] = []
    while len(names) < MEMBERS + GUESTS:
        name = (rng.choice(FIRST), rng.choice(LAST))
        if name not in names:
            names.append(name)
    people = Player.objects.bulk_create([Player(first_name=f, last_name=n) for f, n in names])
    return people[:MEMBERS], people[MEMBERS:]


def _who_comes(rng: random.Random, members: list[Player], guests: list[Player],
               keen: dict[int, float]) -> list[Player]:
    """Most members (each as keen as he is), one to three guests; never five, which no
    tables of three and four seat."""
    came = [p for p in members if rng.random() < keen[p.pk]]
    came += rng.sample(guests, rng.randint(1, 3))
    if len(came) == 5:
        came.append(next(p for p in members if p not in came))
    return came


def club_evening(club: Club, day: datetime.date, people: list[Player], rng: random.Random,
                 organizer, series_count: int = 2) -> Tournament:
    """One evening of ``people`` (German, public): its series drawn and re-seated, played in
    full, confirmed and released; the entries written in bulk (bench/bench_seasons.py builds
    50 evenings with it)."""
    evening = Tournament.objects.create(
        name=f"Skatabend {day:%d.%m.%Y}", slug=f"{SLUG_PREFIX}{day.isoformat()}",
        start_date=day, club=club, public=True, language="de", venue="Vereinsheim Altenburg",
        rule_set=DEFAULT_RULE_SET, series_count=series_count, deals_per_player=12,
        created_by=organizer)
    if organizer is not None:
        evening.organizers.add(organizer)
    Entry.objects.bulk_create([
        Entry(tournament=evening, player=p, number=n, first_name=p.first_name,
              last_name=p.last_name, club=club, checked_in=True,
              name_key=person_key(p.first_name, p.last_name))
        for n, p in enumerate(people, start=1)])
    for series in plans.ensure_series(evening):
        method = SeatingMethod.DRAW if series.number == 1 else SeatingMethod.RESEAT
        plans.seat_series(series, method, f"demo-{day}-{series.number}", user=None)
        plans.publish(series, user=None)
        series.refresh_from_db()
        play_demo_series(series, rng, share=1.0, confirm=True)
        series.refresh_from_db()
        lifecycle.move(series, SeriesStatus.RELEASED, None, actor="demo")
    return evening


def _seasons(club: Club, organizer, last_of_quarter: datetime.date) -> None:
    """The year and the first quarter, as the season page saves them."""
    year = dict(PRESETS["total_dropping_the_worst"].rules)
    year.update(min_played=20, drop_worst_at=[25, 30, 35], guests="after")
    save_season(club, organizer, None, {
        "name": "Jahreswertung 2027", "slug": YEAR_SLUG, "first_day": datetime.date(2027, 1, 1),
        "last_day": datetime.date(2027, 12, 31), "unit": "series", "preset": "",
        "rules": year})
    quarter = PRESETS["quarter_from_8_series"]
    save_season(club, organizer, None, {
        "name": "1. Quartal 2027", "slug": QUARTER_SLUG, "first_day": datetime.date(2027, 1, 1),
        "last_day": max(last_of_quarter, datetime.date(2027, 3, 31)), "unit": quarter.unit,
        "preset": "quarter_from_8_series", "rules": {**quarter.rules, "guests": "after"}})


def remove_club_season() -> None:
    """The demo club, its evenings, seasons, members and persons deleted."""
    club = Club.objects.filter(name=CLUB_NAME).first()
    if club is None:
        return
    persons = set(Member.objects.filter(club=club).values_list("player_id", flat=True))
    persons |= set(Entry.objects.filter(tournament__club=club)
                   .values_list("player_id", flat=True))
    Tournament.objects.filter(club=club).delete()
    Season.objects.filter(club=club).delete()
    Member.objects.filter(club=club).delete()
    club.delete()
    Player.objects.filter(pk__in=persons, entries__isnull=True,
                          memberships__isnull=True).delete()


def build_club_season(reset: bool = False, seed: str = "kreuz-bube") -> Club:
    """Create the demo club with its season (or return it if it exists and ``reset`` is
    false)."""
    existing = Club.objects.filter(name=CLUB_NAME).first()
    if existing is not None and not reset and existing.seasons.exists():
        return existing
    rng = random.Random(seed)
    organizer = _organizer()
    with transaction.atomic():
        remove_club_season()
        club = Club.objects.create(name=CLUB_NAME, city=CITY, created_by=organizer)
        if organizer is not None:
            club.organizers.add(organizer)
        members, guests = _people(rng)
        Member.objects.bulk_create([Member(club=club, player=p,
                                           joined_on=datetime.date(2020, 1, 1))
                                    for p in members])
        # most come nearly every week, a few only now and then (not qualified)
        keen = {p.pk: (0.45 if i % 7 == 6 else 0.9) for i, p in enumerate(members)}
        days = [FIRST_EVENING + datetime.timedelta(weeks=w) for w in range(EVENINGS)]
        for day in days:
            club_evening(club, day, _who_comes(rng, members, guests, keen), rng, organizer)
        _seasons(club, organizer, days[9])
    return club
