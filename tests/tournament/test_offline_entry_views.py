"""Issue 24 point 1: the table link's service worker, its manifest and the page's outbox data
(tournament/views/sheets/offline.py; the browser's side in tests/e2e/test_offline_entry.py)."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from tests.factories import enter
from tournament.sheets.services import table_info

pytestmark = pytest.mark.django_db


def worker(client):
    return client.get(reverse("sheet_service_worker"))


def test_the_worker_is_javascript_for_the_table_links_scope_and_never_kept(client):
    answer = worker(client)
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/s/"
    assert answer["Cache-Control"] == "no-cache"
    # served at /s/…: a worker's scope is at most its own folder, so it controls /s/<token>/
    assert reverse("sheet_service_worker").startswith("/s/")
    # asked again at each visit: unchanged, it is a 304 without a body
    again = client.get(reverse("sheet_service_worker"), HTTP_IF_NONE_MATCH=answer["ETag"])
    assert again.status_code == 304 and not again.content


def worker_settings(client) -> dict:
    first = worker(client).content.decode().split("\n", 1)[0]
    match = re.fullmatch(r"self\.SHEET_SW = (\{.*\});", first)
    assert match, first
    return json.loads(match.group(1))


def test_the_worker_loads_only_the_sites_own_vendored_files(client):
    settings = worker_settings(client)
    scripts = [settings["workbox_sw"], *settings["workbox"].values(), *settings["outbox"]]
    assert all(s.startswith("/static/") for s in scripts), scripts
    assert set(settings["workbox"]) == {"workbox-core", "workbox-routing",
                                        "workbox-strategies", "workbox-expiration"}
    for script in scripts:  # each one is there to be loaded
        assert finders.find(script.removeprefix("/static/")), script
    assert settings["scope"] == "/s/" and settings["catalog"] == reverse("javascript_catalog")


def test_the_worker_keeps_only_a_table_links_page_and_the_static_files(client, four):
    """What the worker may cache: the routes of sheet_sw.js, tried on addresses of the site."""
    source = worker(client).content.decode()
    page = re.search(r"var PAGE = /(.+)/;", source).group(1).replace("\\/", "/")
    kept = re.compile(page)
    assert kept.fullmatch(reverse("tournament:sheet", args=[four.token]))
    slug = four.series.tournament.slug
    for address in [reverse("tournament:dashboard", args=[slug]),
                    reverse("api:link_sheet", kwargs={"token": four.token}),
                    reverse("api:deal_entry", kwargs={"token": four.token}),
                    reverse("tournament:deal_edit", args=[four.token, 1]),
                    reverse("tournament:deal_preview", args=[four.token]),
                    reverse("home"), reverse("login")]:
        assert not kept.fullmatch(address), address
    # the static files' prefix, the catalog and the manifest: nothing under /organize/ or /api/
    settings = worker_settings(client)
    assert not settings["static"].startswith(("/organize", "/api"))
    assert "/organize/" not in source and "/api/" not in source


def test_the_manifest_opens_its_tables_link_standalone(client, four):
    link = reverse("tournament:sheet", args=[four.token])
    answer = client.get(reverse("tournament:sheet_manifest", args=[four.token]))
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = answer.json()
    assert manifest["start_url"] == manifest["scope"] == link
    assert manifest["display"] == "standalone"
    assert manifest["short_name"] == f"Table {four.number}"
    assert four.series.tournament.name in manifest["name"]
    icon = manifest["icons"][0]
    assert icon["src"].startswith("/static/img/")
    assert finders.find(icon["src"].removeprefix("/static/"))


def test_a_manifest_of_an_unknown_link_is_404(client):
    answer = client.get(reverse("tournament:sheet_manifest", args=["no-such-token-at-all"]))
    assert answer.status_code == 404


def page_data(client, table) -> tuple[dict, dict]:
    html = client.get(reverse("tournament:sheet", args=[table.token])).content.decode()
    blocks = dict(re.findall(r'<script id="([a-z-]+)" type="application/json">(.*?)</script>',
                             html, re.S))
    return json.loads(blocks["sheet-offline"]), json.loads(blocks["skat-rules"])


def test_the_link_page_carries_the_outbox_data_and_the_rules(client, four):
    enter(four, 2)
    offline, rules = page_data(client, four)
    four.refresh_from_db()
    assert offline["token"] == four.token
    assert offline["api"] == reverse("api:deal_entry", kwargs={"token": four.token})
    assert offline["worker"] == reverse("sheet_service_worker")
    assert offline["next"] == 3 and offline["version"] == four.sheet_version
    assert offline["seats"] == 4 and len(offline["totals"]) == 4
    info = table_info(four)
    ahead = offline["deals"]["3"]
    # a four-table's dealer sits out: the form of deal 3 offers the three others
    assert ahead["sits_out"] == info.dealer(3)
    assert [seat for seat, _label in ahead["seats"]] == sorted(
        p.position for p in info.players if p.position != info.dealer(3))
    assert ahead["heading"] == "Deal 3" and ahead["dealer"].endswith("(sits out)")
    assert rules["games"] and "flags" in rules


def test_the_organizers_pages_carry_no_outbox(marta_client, four):
    slug = four.series.tournament.slug
    html = marta_client.get(reverse("tournament:dashboard", args=[slug])).content.decode()
    assert "sheet-offline" not in html and "outbox.js" not in html
