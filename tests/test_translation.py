"""German and English (docs/translation.md): the catalogs are complete and current, and every
page and PDF of a tournament read in German holds no English sentence.

* ``msgfmt --check --statistics``: no untranslated and no fuzzy entry, no broken placeholder;
* ``makemessages`` (the project's, as ``make messages`` runs it) would change no catalog: a
  string marked since is in it, an unmarked one is caught by the pages below;
* every URL of the site, as each audience opens it with a German browser, answers in German:
  its pages' text and attributes and its PDFs' text hold none of ``tests.german.ENGLISH``.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from seasons.models import Season
from tests.factories import NAMES as PLAYERS
from tests.factories import club_night, confirm_series, release, table_of_size
from tests.german import english_lines, english_words, page_text
from tests.test_access import ALLOWED, EXPECTED, _url, room, url_patterns  # noqa: F401
from tournament.models import Club, Penalty, Tournament

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = sorted((ROOT / "locale").glob("*/LC_MESSAGES/*.po"))
# what makemessages reads: the site's code and templates (the project's makemessages leaves
# out the tests, the benchmarks and the docs)
SOURCES = ("api", "config", "engine", "exports", "live", "money", "printing", "scoring",
           "seasons", "static", "templates", "tournament", "manage.py")


def test_there_is_a_german_catalog_for_the_site_and_its_javascript():
    names = {p.relative_to(ROOT).as_posix() for p in CATALOGS}
    assert {"locale/de/LC_MESSAGES/django.po", "locale/de/LC_MESSAGES/djangojs.po"} <= names


@pytest.mark.parametrize("catalog", CATALOGS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_catalog_is_complete(catalog):
    done = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(catalog)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"\d+ translated messages?\.\n", done.stderr), done.stderr


def _without_date(text: str) -> str:
    return re.sub(r'"POT-Creation-Date: [^"]*"\n', "", text)


def test_makemessages_would_change_no_catalog(tmp_path):
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            shutil.copy(source, tmp_path / name)
    shutil.copytree(ROOT / "locale", tmp_path / "locale", ignore=shutil.ignore_patterns("*.mo"))
    for domain in ("django", "djangojs"):
        done = subprocess.run([sys.executable, "manage.py", "makemessages", "-d", domain],
                              cwd=tmp_path, capture_output=True, text=True,
                              env={"PATH": "/usr/bin:/bin", "DJANGO_DEBUG": "1"})
        assert done.returncode == 0, done.stderr
    changed = [p.relative_to(ROOT).as_posix() for p in CATALOGS
               if _without_date((tmp_path / p.relative_to(ROOT)).read_text())
               != _without_date(p.read_text())]
    assert changed == [], "run `make messages` and translate what it adds (docs/translation.md)"


def test_the_detector_finds_an_unmarked_sentence_in_a_german_page():
    """The page test below would fail for a new English string left unmarked in a template."""
    template = Template('{% load i18n %}<h1>{% translate "Standings" %}</h1>'
                        '<p>Each table hands in its sheet.</p>')
    with translation.override("de"):
        text = page_text(template.render(Context()))
    assert "Rangliste" in text  # the marked heading is German
    assert english_words(text) == ["Each", "table", "its", "sheet"]


def test_the_detector_reads_attributes_and_skips_names_and_data():
    content = ('<input type="hidden" name="next" value="the page"><button title="Save the deal">'
               'Speichern</button><input name="who" value="Anna of Clubs"><td>Club Night</td>'
               '<script>var the = 1;</script>')
    text = page_text(content)
    assert english_words(text, frozenset({"Club Night"})) == ["Save", "the", "deal"]


# the people and things the room fixture (tests/test_access.py) names
NAMES = frozenset({"Club Night", "Bea's Cup", "SC Room", "Room Tandem", "Most Grands", "Grands",
                   "Room", "room", "marta", "ida", "bea", "English"})  # "room": a seed
AUDIENCES = ("anonymous", "link", "organizer")


def read_in_german(client, url: str, names: frozenset[str]) -> list[str] | None:
    """The English lines of ``url`` read with a German browser (a page, an error page or a
    PDF), or None for what a person does not read (a redirect's target aside, a 405)."""
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="de", follow=True)
    if response.status_code == 405:
        return None
    kind = response.get("Content-Type", "")
    if kind.startswith("text/html"):
        text = page_text(response.content.decode())
    elif kind.startswith("application/pdf"):
        content = b"".join(response.streaming_content) if response.streaming else (
            response.content)
        text = "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(content)).pages)
    else:
        return None
    return [f"{url}: {line}" for line in english_lines(text, names)]


def read_every_url(clients, kwargs, audience, names, extra=()) -> tuple[int, list[str]]:
    client = clients[audience]
    english: list[str] = []
    read = 0
    urls = [_url(pattern, name, kwargs) for name, pattern in url_patterns()
            if name not in ("logout", "set_language", "javascript_catalog", "favicon")
            and audience in ALLOWED[EXPECTED[name]]]
    for url in [*urls, *extra]:
        found = read_in_german(client, url, names)
        if found is not None:
            read += 1
            english += found
    return read, english


@pytest.mark.parametrize("audience", AUDIENCES)
def test_every_page_and_pdf_reads_german(room, audience):  # noqa: F811
    kwargs, clients = room
    door = reverse("tournament:door", args=[kwargs["slug"]]) + "?q=P"  # the search's table
    read, english = read_every_url(clients, kwargs, audience, NAMES,
                                   extra=[door] if audience == "organizer" else [])
    assert read > 10
    assert english == [], "\n".join(english)


@pytest.fixture
def released_night(django_user_model):
    """A League club night whose series is played and released: standings, prizes, player
    pages and the results' PDFs with data (the room above has none released)."""
    boss = django_user_model.objects.create_user("boss", password="Grand-Ouvert-1908")
    night = club_night(boss, slug="released-night")
    table = table_of_size(night, 4)
    Penalty.objects.create(table=table, after_deal=1, seat=1, reason="misdeal", points=10,
                           by_organizer=True)
    release(confirm_series(night.series.get(number=1)), boss)
    # an evening of a club with a season: the season's pages read German with a ranking
    club = Club.objects.create(name="SC Released")
    club.organizers.add(boss)
    Tournament.objects.filter(pk=night.pk).update(club=club)
    Season.objects.create(club=club, name="2027", slug="year", first_day=night.start_date,
                          last_day=night.start_date)
    player = night.entries.order_by("number").first().player_id
    organizer = Client()
    organizer.force_login(boss)
    kwargs = {"slug": night.slug, "number": 1, "table": table.number, "token": table.token,
              "deal": 1, "deck": 1, "pk": 1, "user_id": boss.pk, "club": club.pk, "team": 0,
              "prize": 1, "fmt": "xlsx", "season": "year", "player": player}
    return kwargs, {"anonymous": Client(), "organizer": organizer}


@pytest.mark.parametrize("audience", ["anonymous", "organizer"])
def test_released_results_read_german(released_night, audience):
    kwargs, clients = released_night
    names = frozenset({*PLAYERS, "Club Night", "boss", "English", "phone-1", "phone-2",
                       "SC Released", "2027"})
    read, english = read_every_url(clients, kwargs, audience, names)
    assert read > 10
    assert english == [], "\n".join(english)
