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


def test_a_deal_row_escapes_the_names_it_shows(client, three):
    """The rows of deals are written in Python (tournament/templatetags/sheets.py): a name is
    text there as it was in the template."""
    from tests.factories import playing_seat
    from tournament.models import Seat

    seat = playing_seat(three, 1)
    entry = Seat.objects.get(table=three, position=seat).entry
    entry.first_name, entry.last_name = "<b>Eve", '"Quote" & Co'
    entry.save()
    three.refresh_from_db()
    deals.add_deal(three, DealInput({"game": "grand", "matadors": 1, "card_points": 70},
                                    declarer=seat), three.sheet_version, "t")
    html = client.get(u("sheet", three.token)).content.decode()
    row = re.search(r'<tr class="deal[^"]*">.*?</tr>', html, re.S).group(0)
    assert "<b>" not in row and "&lt;b&gt;Eve &quot;Quote&quot; &amp; Co" in row
    assert f'<span class="seat-no">{seat}</span>&lt;b&gt;Eve:</span>' in row
    assert f'href="{u("deal_edit", three.token, 1)}"' in row
