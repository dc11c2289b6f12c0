"""Small things a person notices (issue 12.15): a favicon, and every negative number of a score
sheet, a Ramsch charge included, in the loss colour."""

import re
from pathlib import Path

from django.contrib.staticfiles import finders
from django.templatetags.static import static

from tests.sheets import u
from tournament.sheets import services as deals
from tournament.sheets.services import DealInput


def test_the_favicon_is_linked_and_favicon_ico_answers(client, db):
    home = client.get("/").content.decode()
    assert f'<link rel="icon" type="image/svg+xml" href="{static("img/favicon.svg")}">' in home
    assert finders.find("img/favicon.svg")
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response.url == static("img/favicon.svg")


def test_a_ramsch_charge_wears_the_loss_colour(client, three):
    three.refresh_from_db()
    deals.add_deal(three, DealInput({"game": "ramsch", "loser": 2}), three.sheet_version, "t")
    html = client.get(u("sheet", three.token)).content.decode()
    row = re.search(r'<tr class="deal[^"]*">.*?</tr>', html, re.S).group(0)
    assert "Ramsch" in row
    assert re.search(r'<td class="num value neg">-\d+</td>', row)
    assert re.search(r'<td class="num total neg"><strong>-\d+</strong></td>', row)
    css = Path(finders.find("css/site.css")).read_text()
    assert "table.sheet td.neg" in css
