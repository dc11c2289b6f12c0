"""Hostile values in every form field and query parameter the site reads: never a server error,
nothing half-written.

The forms are not listed here: each test builds a small seated tournament through the services,
opens every organizer, public and table-link page of the URL patterns with the tournament's
real arguments, reads each page's ``<form>`` elements, and sends hypothesis-drawn hostile values
to their fields (and to the query parameters of every page). The test client re-raises a view's
exception, so a server error fails with its traceback. The cases are shared out by the part of
the site they reach (``PARTS``), one test each, so that xdist runs them on every core.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import CustomPrize, Team
from scoring.settings import services as results_settings
from seasons.models import Season
from tests.factories import enter, seat, table_of_size
from tests.tournament.conftest import organizer, tournament  # noqa: F401 - fixtures
from tournament.models import AuditEntry, Club, Deal, SeatingMethod, Table, Tournament
from tournament.registration import keep_apart
from tournament.registration import services as registration
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.services import table_info

pytestmark = pytest.mark.django_db

FIXED = [
    "", " ", "\x00", "a\x00b", "\x1b[31m", "\r\n", "\t", "0", "-1", "-" + "9" * 30, "1.5", "1e9",
    "NaN", "²", "٣", "1_000", "+7", "9" * 400, "9" * 4400, "2147483647", "2147483648", "32768",
    "9223372036854775808", "x" * 100_000, "<script>alert(1)</script>", "=cmd|' /C calc'!A0",
    "+SUM(1,2)", "@SUM(A1)", "' OR 1=1 --", '"; DROP TABLE tournament_entry; --', "%00",
    "\u202eüß漢字🃏\u0301", "null", "true", "on", "none", "http://evil.example/", "//evil",
    "/\\evil", "javascript:alert(1)", "../../etc/passwd", "{{ 7|add:7 }}", "{% debug %}",
]
HOSTILE = st.one_of(
    st.sampled_from(FIXED),
    st.text(max_size=40),
    st.integers().map(str),
    st.integers(min_value=2**31 - 3, max_value=2**31 + 3).map(str),
)
QUERY_PARAMS = ["page", "per_page", "sort", "q", "club", "status", "next"]
MISSING = object()
HYPOTHESIS = settings(max_examples=8, deadline=None, database=None,
                      suppress_health_check=[HealthCheck.function_scoped_fixture,
                                             HealthCheck.too_slow])


# --- the site's pages and forms --------------------------------------------------------------


@dataclass
class Form:
    page: str
    method: str
    action: str
    fields: dict[str, object] = field(default_factory=dict)  # name -> default (or a file)
    files: set[str] = field(default_factory=set)

    @property
    def key(self):
        return (self.method, self.action, tuple(sorted(self.fields)))


class FormParser(HTMLParser):
    """The ``<form>`` elements of a page with their fields' names and default values."""

    def __init__(self, page: str):
        super().__init__(convert_charrefs=True)
        self.page, self.forms, self.form = page, [], None
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            action = urljoin(self.page, a.get("action") or self.page)
            self.form = Form(self.page, (a.get("method") or "get").lower(), action)
            self.forms.append(self.form)
        if self.form is None or not a.get("name"):
            return
        name, fields = a["name"], self.form.fields
        if tag == "input":
            kind = (a.get("type") or "text").lower()
            if kind == "file":
                self.form.files.add(name)
                fields.setdefault(name, MISSING)
            elif kind in ("checkbox", "radio"):
                if "checked" in a:
                    fields[name] = a.get("value", "on")
                else:
                    fields.setdefault(name, MISSING)
            else:
                fields[name] = a.get("value", "")
        elif tag == "button":
            fields[name] = a.get("value", "")
        elif tag == "select":
            self.select = name
            fields.setdefault(name, MISSING)
        elif tag == "option" and self.select:
            if fields.get(self.select) is MISSING or "selected" in a:
                fields[self.select] = a.get("value", "")
        elif tag == "textarea":
            self.textarea = name
            fields[name] = ""

    def handle_data(self, data):
        if self.form is not None and self.textarea:
            self.form.fields[self.textarea] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None


def patterns(resolvers=None, namespace="", outer=()):
    """(view name, converter names) of every URL pattern but the admin's; the converters of
    the prefixes it is included under count too."""
    for entry in resolvers if resolvers is not None else get_resolver().url_patterns:
        converters = (*outer, *entry.pattern.converters)
        if isinstance(entry, URLResolver):
            if entry.namespace == "admin":
                continue
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from patterns(entry.url_patterns, inner, converters)
        elif isinstance(entry, URLPattern) and entry.name:
            yield f"{namespace}{entry.name}", list(converters)


@dataclass
class World:
    tournament: Tournament
    organizer: Client
    anonymous: Client
    kwargs: dict[str, list]  # URL argument -> the values to open pages with
    slug: str


@pytest.fixture(autouse=True)
def _no_public_budget(request):
    """The fuzzer is one address opening every page: without this, the public's budget a
    minute (crowd.py) answers it 429 long before it has met every page."""
    request.getfixturevalue("settings").PUBLIC_BUDGET = 0


@pytest.fixture
def world(tournament, organizer):  # noqa: F811 - the imported fixtures
    """A public tournament with blind checks: seven players in two clubs, a keep-apart pair;
    series 1 published, its four-table open with a deal and a penalty, its three-table complete
    and submitted; series 2 seated as a draft; a team and an extra prize."""
    tournament.public = True
    tournament.blind_check = True
    tournament.deals_per_player = 2
    tournament.series_count = 2
    tournament.save()
    names = [("Anna", "Becker", "Herz Dame"), ("Carl", "Brandt", "Herz Dame"),
             ("Emma", "Fischer", "SC Pik 7"), ("Franz", "Koch", "SC Pik 7"),
             ("Ida", "Lange", ""), ("Otto", "Meyer", "SC Pik 7"), ("Rosa", "Vogel", "")]
    for first, last, club in names:
        registration.register_player(tournament, first_name=first, last_name=last,
                                     club_name=club, check_in=True, user=organizer)
    keep_apart.add_keep_apart(tournament, 1, 7, "couple", user=organizer)
    first, second = plans.ensure_series(tournament)
    seat(first, "hostile", user=organizer)
    seat(second, "hostile-2", method=SeatingMethod.RESEAT, user=organizer, publish=False)
    four, three = table_of_size(first, 4), table_of_size(first, 3)
    enter(four, 1)
    deals.add_penalty(four, 2, table_info(four).rules.penalties[0].key, None, "",
                      four.sheet_version, "setup", deal=1)  # a misdeal: seat 2 dealt deal 1
    enter(three, 6)
    deals.submit_sheet(three, "Anna Becker")
    results_settings.scoring_settings(tournament)  # made on first sight; not an input's doing
    team = Team.objects.create(tournament=tournament, name="Tandem")
    team.members.set(tournament.entries.filter(number__in=[1, 2]))
    CustomPrize.objects.create(tournament=tournament, number=8, title="Most Grands",
                               kind="MOST_GAMES")
    # the tournament is an evening of a club he organizes, in its season (issue 23)
    club = Club.objects.get(name="SC Pik 7")
    club.organizers.add(organizer)
    Tournament.objects.filter(pk=tournament.pk).update(club=club)
    Season.objects.create(club=club, name="Year", slug="year", first_day=tournament.start_date,
                          last_day=tournament.start_date)
    member = Client(raise_request_exception=True)
    member.force_login(organizer)
    return World(tournament, member, Client(raise_request_exception=True), {
        "slug": [tournament.slug], "number": [1, 2], "table": [four.number, three.number],
        "token": [four.token, three.token], "deal": [1], "pk": [four.penalties.get().pk],
        "user_id": [organizer.pk], "deck": [1], "team": [team.pk], "prize": [8], "fmt": ["xlsx"],
        "club": list(Club.objects.filter(entries__tournament=tournament).distinct()
                     .values_list("pk", flat=True)),
        "season": ["year"], "player": [tournament.entries.get(number=1).player_id],
    }, tournament.slug)


def page_urls(world: World) -> list[str]:
    urls = set()
    for name, converters in patterns():
        for values in itertools.product(*(world.kwargs[key] for key in converters)):
            urls.add(reverse(name, kwargs=dict(zip(converters, values, strict=True))))
    return sorted(urls)


def discover(world: World) -> tuple[list[str], list[tuple[Client, Form]]]:
    """The pages that answer a GET, and every distinct form on them with who saw it."""
    pages, forms, seen = [], [], set()
    for url in page_urls(world):
        for client in (world.organizer, world.anonymous):
            response = client.get(url)
            assert response.status_code < 500, url
            assert response.status_code != 429, url  # every page met, none turned away
            if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            pages.append(url)
            parser = FormParser(url)
            parser.feed(response.content.decode())
            for form in parser.forms:
                key = (client is world.organizer, *form.key)
                if form.fields and urlsplit(form.action).path and key not in seen:
                    seen.add(key)
                    forms.append((client, form))
                    if form.action.endswith("/deal/"):  # the page's script posts it too
                        preview = Form(url, "post", form.action.replace("/deal/", "/preview/"),
                                       {**form.fields, "number": "1"})
                        forms.append((client, preview))
    return sorted(set(pages)), forms


# --- what must hold after every request ------------------------------------------------------

DATA_MODELS = [m for m in apps.get_models()
               if m._meta.app_label in ("tournament", "scoring") and m is not AuditEntry
               and m._meta.model_name != "scoringsettings"]


def counts() -> dict[str, int]:
    return {m._meta.label: m.objects.count() for m in DATA_MODELS} | {
        "audit": AuditEntry.objects.count()}


def assert_consistent(before: dict, response, method: str, what: str):
    assert response.status_code < 500, what
    after = counts()
    changed = {k: (before[k], after[k]) for k in before if before[k] != after[k]}
    if method == "get" or response.status_code != 302:
        # a page, a refusal shown on the form, a 4xx: nothing was written
        assert not changed, f"{what}: {response.status_code} but {changed}"
    elif changed and "audit" not in changed:
        raise AssertionError(f"{what}: rows changed without an audit entry: {changed}")
    for table in Table.objects.all():  # every sheet reads 1..n, whatever was refused
        numbers = list(Deal.objects.filter(table=table).order_by("number")
                       .values_list("number", flat=True))
        assert numbers == list(range(1, len(numbers) + 1)), f"{what}: deals {numbers}"


def keep_addresses(world: World):
    """A hostile edit may rename or hide the tournament; later requests need its address."""
    Tournament.objects.filter(pk=world.tournament.pk).update(slug=world.slug, public=True)


# --- the tests: one per part of the site, so that xdist spreads them over the cores ----------

# Each case (a form by where it posts, a page by its address) falls in the first part whose
# pattern its path matches; a path no pattern names falls in "site", so none is left out.
PARTS = [
    ("sheet-deals", r"^/s/[^/]+/(deal|preview)/"),
    ("sheet", r"^/s/"),
    ("table-admin", r"^/organize/[^/]+/series/\d+/table/"),
    ("series", r"^/organize/[^/]+/series/"),
    ("players", r"^/organize/[^/]+/players/"),
    ("door-clubs", r"^/organize/[^/]+/(door|clubs|keep-apart)/"),
    ("results-admin", r"^/organize/[^/]+/results/"),
    ("public-results", r"^/t/[^/]+/(standings|club-standings|team-standings|player|prizes)"),
    ("public-seating", r"^/t/"),
    ("site", r""),
]


def part_of(url: str) -> str:
    path = urlsplit(url).path
    return next(name for name, pattern in PARTS if re.match(pattern, path))


def test_every_form_and_page_is_found(world):
    pages, forms = discover(world)
    assert len(pages) >= 20 and len(forms) >= 15, (pages, [f.action for _, f in forms])
    actions = {urlsplit(f.action).path for _, f in forms}
    for expected in ("/players/add/", "/keep-apart/", "/door/", "/deal/", "/penalty/",
                     "/results/team/", "/edit/", "/swap/", "/move/", "/seat/", "/confirm/",
                     "/import/", "/results/lot/", "/results/prize/", "/preview/"):
        assert any(expected in a for a in actions), expected
    # every part has cases: a pattern that matched nothing would hide its cases in "site"
    parts = {part_of(f.action) for _, f in forms} | {part_of(url) for url in pages}
    assert parts == {name for name, _ in PARTS}


@pytest.mark.parametrize("part", [name for name, _ in PARTS])
def test_hostile_values_in_every_form_and_query_parameter(world, part):
    pages, forms = discover(world)
    for client, form in forms:
        if part_of(form.action) == part:
            fuzz_form(world, client, form)
    for url in pages:
        if part_of(url) == part:
            fuzz_query(world, url)


def fuzz_form(world: World, client: Client, form: Form):
    values = st.one_of(HOSTILE, st.just(MISSING))

    @HYPOTHESIS
    @given(chosen=st.dictionaries(st.sampled_from(sorted(form.fields)), values, min_size=1))
    def send(chosen):
        data = {k: v for k, v in {**form.fields, **chosen}.items() if v is not MISSING}
        for name in form.files & set(data):
            data[name] = SimpleUploadedFile("players.csv", data[name].encode())
        before = counts()
        if form.method == "post":
            response = client.post(form.action, data)
        else:
            response = client.get(form.action, data)
        assert_consistent(before, response, form.method,
                          f"{form.method} {form.action} {chosen!r:.300}")
        keep_addresses(world)

    send()


def fuzz_query(world: World, url: str):
    @HYPOTHESIS
    @given(params=st.dictionaries(st.sampled_from(QUERY_PARAMS), HOSTILE, min_size=1))
    def query(params):
        for client in (world.organizer, world.anonymous):
            before = counts()
            response = client.get(url, params)
            assert_consistent(before, response, "get", f"GET {url} {params!r:.300}")

    query()
