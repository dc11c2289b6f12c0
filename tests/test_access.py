"""Every URL of the site against every audience, from one table of expectations.

A new URL pattern without a row here fails ``test_every_url_has_an_expectation``: whoever adds
a page decides, in this table, who may open it.
"""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse

from scoring.models import CustomPrize, Team
from seasons.models import Season
from tests.factories import add_entry, club_night, confirm_series, enter, release
from tournament.comparative.services import make_comparative
from tournament.models import (
    AuditEntry,
    Club,
    Deal,
    Entry,
    Penalty,
    SeatingMethod,
    Series,
    Tournament,
)
from tournament.seating import services as plans

pytestmark = pytest.mark.django_db

ANYONE = "anyone"  # the site's own pages: home, login
LOGIN = "login"  # any logged-in account (his own tournaments, a new one, his password)
PUBLIC = "public"  # a public tournament's pages: everyone; a private one's: its staff only
LINK = "link"  # a table's secret link: whoever holds it (and the staff), for that table only
STAFF = "staff"  # organizers and assistants of the tournament
ORGANIZER = "organizer"  # organizers of the tournament only
CLUB = "club"  # organizers of the club only (the room's club is marta's)

EXPECTED = {
    "home": ANYONE,
    "favicon": ANYONE,
    "set_language": ANYONE,
    "javascript_catalog": ANYONE,
    "sheet_service_worker": ANYONE,
    "login": ANYONE,
    "logout": ANYONE,
    "password_change": LOGIN,
    "tournament:list": LOGIN,
    "tournament:create": LOGIN,
    "tournament:dashboard": STAFF,
    "tournament:edit": ORGANIZER,
    "tournament:audit": ORGANIZER,
    "tournament:anonymize": ORGANIZER,
    "tournament:staff": ORGANIZER,
    "tournament:staff_remove": ORGANIZER,
    "tournament:comparative": ORGANIZER,
    "tournament:movement": PUBLIC,
    "tournament:hands": ORGANIZER,  # until the series is released: then the public too
    "tournament:players": ORGANIZER,
    "tournament:player_add": ORGANIZER,
    "tournament:player_import": ORGANIZER,
    "tournament:entry_edit": ORGANIZER,
    "tournament:entry_check_in": STAFF,
    "tournament:entry_withdraw": ORGANIZER,
    "tournament:door": STAFF,
    "tournament:clubs": ORGANIZER,
    "tournament:club": ORGANIZER,
    "tournament:keep_apart": ORGANIZER,
    "tournament:series": ORGANIZER,
    "tournament:series_seat": ORGANIZER,
    "tournament:series_swap": ORGANIZER,
    "tournament:series_move": ORGANIZER,
    "tournament:series_publish": ORGANIZER,
    "tournament:series_seat_late": ORGANIZER,
    "tournament:series_sit_out": ORGANIZER,
    "tournament:public": PUBLIC,
    "tournament:chart": PUBLIC,
    "tournament:where": PUBLIC,
    "tournament:table": PUBLIC,
    "tournament:sheet": LINK,
    "tournament:sheet_manifest": LINK,
    "tournament:deal_add": LINK,
    "tournament:deal_edit": LINK,
    "tournament:deal_insert": LINK,
    "tournament:deal_preview": LINK,
    "tournament:penalty_add": LINK,
    "tournament:penalty_delete": LINK,
    "tournament:sheet_submit": LINK,
    "tournament:sheet_confirm": LINK,
    "tournament:organizer_sheet": STAFF,
    "tournament:deal_delete": ORGANIZER,
    "tournament:sheet_reopen": ORGANIZER,
    "tournament:substitute_add": ORGANIZER,
    "tournament:substitute_remove": ORGANIZER,
    "tournament:sheet_end": ORGANIZER,
    "tournament:sheet_end_undo": ORGANIZER,
    "tournament:series_sheets": STAFF,
    "scoring:standings": PUBLIC,
    "scoring:series_standings": PUBLIC,
    "scoring:clubs": PUBLIC,
    "scoring:teams": PUBLIC,
    "scoring:prizes": PUBLIC,
    "scoring:player": PUBLIC,
    "scoring:comparative": PUBLIC,
    "scoring:comparative_series": PUBLIC,
    "scoring:comparative_deck": PUBLIC,
    "scoring:results_admin": ORGANIZER,
    "scoring:release": ORGANIZER,
    "scoring:release_checks": ORGANIZER,
    "scoring:mark_flag": ORGANIZER,
    "scoring:lot": ORGANIZER,
    "scoring:seat_by_results": ORGANIZER,
    "scoring:add_team": ORGANIZER,
    "scoring:add_prize": ORGANIZER,
    "scoring:edit_team": ORGANIZER,
    "scoring:delete_team": ORGANIZER,
    "scoring:edit_prize": ORGANIZER,
    "scoring:delete_prize": ORGANIZER,
    "printing:sheet_pdf": STAFF,
    "printing:series_sheets_pdf": STAFF,
    "printing:table_cards_pdf": ORGANIZER,
    "printing:print_progress": STAFF,
    "printing:public_sheet_pdf": STAFF,  # as the table page's sheet: the public once released
    "printing:standings_pdf": PUBLIC,
    "printing:series_standings_pdf": PUBLIC,
    "printing:club_standings_pdf": PUBLIC,
    "printing:team_standings_pdf": PUBLIC,
    "printing:prizes_pdf": PUBLIC,
    "printing:seating_pdf": ORGANIZER,
    "printing:seat_slips_pdf": ORGANIZER,
    "printing:hands_pdf": ORGANIZER,  # the hands are secret before play
    "printing:deck_labels_pdf": ORGANIZER,
    "printing:public_hands_pdf": ORGANIZER,  # as tournament:hands: the public once released
    "printing:comparative_pdf": PUBLIC,
    "printing:comparative_series_pdf": PUBLIC,
    "printing:travellers_pdf": PUBLIC,
    "printing:traveller_pdf": PUBLIC,
    # issue 21 point 1 (helper "exports"): every table as CSV, XLSX or ODS, one URL name per
    # table and the format as the URL's ``fmt``. A public one answers as its page (the staff
    # every series, the public the released ones); the player list and the audit log are the
    # organizer's, as their pages.
    "exports:standings": PUBLIC,
    "exports:series_standings": PUBLIC,
    "exports:clubs": PUBLIC,
    "exports:teams": PUBLIC,
    "exports:prizes": PUBLIC,
    "exports:player_deals": PUBLIC,
    "exports:player_decks": PUBLIC,
    "exports:seating": PUBLIC,  # as the chart: a published plan (a draft: the staff's)
    "exports:comparative": PUBLIC,
    "exports:comparative_series": PUBLIC,
    "exports:travellers": PUBLIC,
    "exports:traveller": PUBLIC,
    "exports:players": ORGANIZER,
    # issue 22: the money rules, the payout sheet and the cash book are the organizers'
    "money:settings": ORGANIZER,
    "money:payouts": ORGANIZER,
    "money:payouts_pdf": ORGANIZER,
    "money:payouts_export": ORGANIZER,
    "money:cash_book": ORGANIZER,
    "money:cash_book_export": ORGANIZER,
    # issue 23: a club's pages are its organizers' (CLUB); its seasons are read by everyone
    # once the season has a public evening, counting that evening's released series
    "seasons:clubs": LOGIN,
    "seasons:club": CLUB,
    "seasons:members": CLUB,
    "seasons:club_organizers": CLUB,
    "seasons:next_evening": CLUB,
    "seasons:season_create": CLUB,
    "seasons:season_edit": CLUB,
    "seasons:seat_by_season": ORGANIZER,
    "seasons:club_public": PUBLIC,
    "seasons:ranking": PUBLIC,
    "seasons:player": PUBLIC,
    "seasons:ranking_pdf": PUBLIC,
    "seasons:ranking_export": PUBLIC,
    "exports:audit": ORGANIZER,
    # issue 21 point 2 (helper "file"): the whole tournament as one file. Its download is the
    # organizer's (full names, e-mail addresses); a new tournament from a file is any
    # account's, as tournament:create (the preview without a waiting file sends to the upload).
    "exports:tournament_file": ORGANIZER,
    "exports:tournament_file_upload": LOGIN,
    "exports:tournament_file_preview": LOGIN,
    # issue 21 points 3 and 4 (helper "api"): the API under /api/ (JSON; api/auth.py decides
    # who reads what). Its reads answer as their pages (the staff every series, the public
    # the released ones; a private tournament is a 404 but for its staff, by token or
    # login); a table's sheet as the table page's sheet; a table link's sheet and deal entry
    # as the link's pages; an account's API tokens page for any account.
    "api:season": PUBLIC,  # a club's season: its organizers everything, the public the
    # released series of its public evenings (seasons/access.py)
    "api:api-root": ANYONE,  # a redirect to the docs
    "api:openapi-json": ANYONE,
    "api:openapi-view": ANYONE,
    "api:tournaments": ANYONE,  # the public ones, and the caller's
    "api:tournament": PUBLIC,
    "api:series": PUBLIC,
    "api:standings": PUBLIC,
    "api:series_standings": PUBLIC,
    "api:clubs": PUBLIC,
    "api:teams": PUBLIC,
    "api:prizes": PUBLIC,
    "api:player": PUBLIC,
    "api:comparative": PUBLIC,
    "api:comparative_series": PUBLIC,
    "api:traveller": PUBLIC,
    "api:table": STAFF,  # as the table page's sheet: the public once released
    "api:link_sheet": LINK,
    "api:deal_entry": LINK,
    "api_tokens:page": LOGIN,
    "api_tokens:revoke": LOGIN,
    # issue 24: the director's board of a series, for whoever keeps the sheets
    "live:board": STAFF,
    # issue 24 point 4: the projector is a public page (the hall's PC needs no login; the
    # staff's PC shows the public's view unless asked otherwise), its form the staff's
    "live:projector": PUBLIC,
    "live:projector_form": STAFF,
}

# Who may open a page of each kind; the others are refused.
ALLOWED = {
    ANYONE: {"anonymous", "link", "stranger", "assistant", "organizer"},
    LOGIN: {"stranger", "assistant", "organizer"},
    PUBLIC: {"anonymous", "link", "stranger", "assistant", "organizer"},
    LINK: {"link", "assistant", "organizer"},
    STAFF: {"assistant", "organizer"},
    ORGANIZER: {"organizer"},
    CLUB: {"organizer"},
}


def url_patterns() -> list[tuple[str, frozenset[str]]]:
    """(name with namespace, the URL's parameters) of every URL of the site but the admin."""
    found: list[tuple[str, frozenset[str]]] = []

    def walk(patterns, namespace=None, params=frozenset()):
        for pattern in patterns:
            here = params | pattern.pattern.regex.groupindex.keys()
            if isinstance(pattern, URLResolver):
                if str(pattern.pattern).startswith("admin"):
                    continue
                walk(pattern.url_patterns, pattern.namespace or namespace, here)
            else:
                found.append((f"{namespace}:{pattern.name}" if namespace else pattern.name,
                              frozenset(here)))

    walk(get_resolver().url_patterns)
    return found


def test_every_url_has_an_expectation():
    names = {name for name, _ in url_patterns()}
    assert names - EXPECTED.keys() == set(), "add a row to EXPECTED for each new URL"
    assert EXPECTED.keys() - names == set(), "EXPECTED names a URL that no longer exists"


@pytest.fixture
def room(django_user_model, settings):
    """A public comparative tournament with two seated four-tables (a deal, a penalty) and
    the people who try its pages."""
    settings.PUBLIC_BUDGET = 0  # one visitor opens every page at once: no 429 here
    marta = django_user_model.objects.create_user("marta", password="Grand-Hand-1908")
    ida = django_user_model.objects.create_user("ida", password="Herz-Sieben-1908")
    bea = django_user_model.objects.create_user("bea", password="Karo-Bube-1908")
    tournament = Tournament.objects.create(name="Club Night", slug="club-night", public=True,
                                           start_date=datetime.date(2027, 5, 1),
                                           deals_per_player=2, series_count=1)
    tournament.organizers.add(marta)
    tournament.assistants.add(ida)
    cup = Tournament.objects.create(name="Bea's Cup", slug="beas-cup",
                                    start_date=datetime.date(2027, 6, 1))
    cup.organizers.add(bea)
    club = Club.objects.create(name="SC Room", created_by=marta)
    club.organizers.add(marta)  # the club night is an evening of marta's club, in its season
    Tournament.objects.filter(pk=tournament.pk).update(club=club)
    Season.objects.create(club=club, name="2027", slug="year",
                          first_day=datetime.date(2027, 1, 1),
                          last_day=datetime.date(2027, 12, 31))
    # the season is the public's once an evening of it is released: another evening of
    # marta's club, played and released (the room's own series stays in play)
    released = club_night(marta, slug="room-released")
    release(confirm_series(released.series.get(number=1)), marta)
    Tournament.objects.filter(pk=released.pk).update(club=club,
                                                     start_date=datetime.date(2027, 4, 24))
    entries = [add_entry(tournament, n, f"P{n}", "Room", club=club if n == 1 else None)
               for n in range(1, 9)]
    team = Team.objects.create(tournament=tournament, name="Room Tandem")
    team.members.set(entries[:2])
    CustomPrize.objects.create(tournament=tournament, number=8, title="Most Grands",
                               kind="COUNT_WON", games="grand", label="Grands")
    (series,) = plans.ensure_series(tournament)
    make_comparative(tournament, table_size=4, decks=8, seed="room", user=None)
    plans.seat_series(series, SeatingMethod.DRAW, "room", user=None)
    plans.publish(series, user=None)
    table = series.tables.order_by("number").first()
    enter(table, 1)
    penalty = Penalty.objects.create(table=table, after_deal=1, seat=1, reason="misdeal",
                                     points=10, by_organizer=True)
    kwargs = {"slug": tournament.slug, "number": 1, "table": table.number,
              "token": table.token, "deal": 1, "deck": 1, "pk": penalty.pk, "user_id": marta.pk,
              "club": club.pk, "team": team.pk,
              "season": "year", "player": entries[0].player_id, "prize": 8, "fmt": "xlsx"}
    clients = {"anonymous": Client(), "link": Client(), "stranger": _client(bea),
               "assistant": _client(ida), "organizer": _client(marta)}
    clients["link"].get(reverse("tournament:sheet", args=[table.token]))
    return kwargs, clients


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _url(params: frozenset[str], name: str, kwargs: dict) -> str:
    return reverse(name, kwargs={k: kwargs[k] for k in params})


def _state() -> tuple:
    return (AuditEntry.objects.count(), Deal.objects.count(), Penalty.objects.count(),
            Entry.objects.count(), list(Series.objects.values_list("status", flat=True)),
            Club.objects.count(), Team.objects.count(), CustomPrize.objects.count())


def _refused(response) -> bool:
    if response.status_code in (403, 404, 405):
        return True
    return response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.mark.parametrize("audience", ["anonymous", "link", "stranger", "assistant",
                                      "organizer"])
def test_every_url_answers_each_audience_as_expected(room, audience):
    kwargs, clients = room
    client = clients[audience]
    wrong = []
    for name, pattern in url_patterns():
        if name == "logout":
            continue  # it would end this audience's session; tested on the home page
        allowed = audience in ALLOWED[EXPECTED[name]]
        # holding the link is knowing the token: the others can only guess one
        known = kwargs if allowed else {**kwargs, "token": "guessed-token"}
        url = _url(pattern, name, known)
        response = client.get(url)
        if allowed and _refused(response) and response.status_code != 405:
            wrong.append(f"GET {url}: {response.status_code}, expected to be let in")
        if not allowed:
            before = _state()
            posted = client.post(url, {})
            if not (_refused(response) and _refused(posted)):
                wrong.append(f"{url}: GET {response.status_code} / POST "
                             f"{posted.status_code}, expected a refusal")
            if _state() != before:
                wrong.append(f"POST {url} changed something")
    assert wrong == []


def test_a_guessed_token_opens_nothing(room):
    kwargs, clients = room
    for name, pattern in url_patterns():
        if EXPECTED[name] == LINK:
            url = _url(pattern, name, {**kwargs, "token": "guessed-token"})
            for client in clients.values():
                assert client.get(url).status_code in (404, 405)
                assert client.post(url, {}).status_code == 404


def _of_a_season(name: str) -> bool:
    return name.startswith("seasons:") or name == "api:season"


def test_a_season_without_a_public_evening_is_hidden_from_all_but_its_club(room):
    """A season is its club's, not one tournament's: once its only evening is private, only
    the club's organizers read it (the evening's assistant does not)."""
    kwargs, clients = room
    Tournament.objects.filter(club_id=kwargs["club"]).update(public=False)
    for name, pattern in url_patterns():
        if EXPECTED[name] != PUBLIC or not _of_a_season(name):
            continue
        url = _url(pattern, name, kwargs)
        for audience in ("anonymous", "link", "stranger", "assistant"):
            assert clients[audience].get(url).status_code == 404, (audience, url)
        assert clients["organizer"].get(url).status_code == 200, url


def test_a_private_tournament_is_hidden_from_everyone_but_its_staff(room):
    kwargs, clients = room
    Tournament.objects.filter(slug=kwargs["slug"]).update(public=False)
    for name, pattern in url_patterns():
        if EXPECTED[name] != PUBLIC or _of_a_season(name):
            continue
        url = _url(pattern, name, kwargs)
        for audience in ("anonymous", "link", "stranger"):
            assert clients[audience].get(url).status_code == 404, (audience, url)
        for audience in ("assistant", "organizer"):
            assert clients[audience].get(url).status_code == 200, (audience, url)


def test_a_season_is_the_publics_only_once_an_evening_of_it_is_released(room):
    """Its public evening in play (the room's) is not enough: with the released one private,
    the season is a 404 but for its club's organizers."""
    kwargs, clients = room
    Tournament.objects.filter(slug="room-released").update(public=False)
    for name, pattern in url_patterns():
        if not _of_a_season(name) or EXPECTED[name] != PUBLIC:
            continue
        url = _url(pattern, name, kwargs)
        assert clients["anonymous"].get(url).status_code == 404, url
        assert clients["organizer"].get(url).status_code == 200, url
