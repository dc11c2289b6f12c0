"""The sheet's forms as its pages make them: the deal form for the next deal, for a stored
deal, its fields in the page's order; the confirmation's form."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine import FLAGS
from engine.describe import LOST, OVERBID, WITH, WITHOUT, WON
from engine.words import Phrase
from tournament.deal_words import say_words
from tournament.models import Deal
from tournament.sheets.forms import ConfirmForm, DealForm
from tournament.sheets.loaders import TableInfo

ALWAYS_SHOWN = ("deck", "game")  # the deck: at comparative tables only
# the order the page shows the fields in: seats and numbers first, then the flags
# ("without" is shown inside the matadors field: the two belong together)
FIELD_ORDER = ("deck", "game", "declarer", "loser", "matadors", "trump", "card_points", "tricks",
               "bid", "schneider_announced", "schwarz_announced", "passt_nicht", "hand",
               "ouvert", "conceded", "contra", "recontra", "jungfer", "all_tricks", "contra_by",
               "revoke", "revoked_by")


def form_fields(form: DealForm) -> list[tuple[object, str | None]]:
    """(bound field, the games that show it) for the template; fields no game shows are left
    out, ``game`` and the hidden version have no game list (always there)."""
    games = form.field_games()
    fields = []
    rank = {name: i for i, name in enumerate(FIELD_ORDER)}
    for bound in sorted(form, key=lambda b: rank.get(b.name, len(rank))):
        if bound.is_hidden or bound.name == "without":
            continue
        if bound.name in ALWAYS_SHOWN:
            fields.append((bound, None))
        elif bound.name in games:
            fields.append((bound, games[bound.name]))
    return fields


def deal_initial(deal: Deal) -> dict:
    """The entry form's values for a stored deal (matadors' sign becomes the checkbox)."""
    record = deal.record
    initial: dict[str, object] = {"game": record.get("game"), "version": deal.version,
                                  "declarer": deal.declarer, "contra_by": deal.contra_by,
                                  "revoked_by": deal.revoked_by}
    if record.get("matadors") is not None:
        initial["matadors"] = abs(int(record["matadors"]))
        initial["without"] = int(record["matadors"]) < 0
    for key in ("trump", "card_points", "tricks", "bid", "loser", "revoke"):
        if record.get(key) is not None:
            initial[key] = record[key]
    for flag in FLAGS:
        if record.get(flag):
            initial[flag] = True
    return initial


def _autofocus(form: DealForm) -> DealForm:
    """Keyboard first: the game select has the focus and starts empty."""
    game = form.fields["game"]
    game.choices = [("", _("– choose the game –")), *game.choices]
    game.widget.attrs["autofocus"] = True
    return form


def new_deal_form(info: TableInfo, number: int, data=None, *, cards: bool = True) -> DealForm:
    """``cards=False``: the preview's form, which never reads a comparative deck's cards."""
    if data is None:
        form = DealForm(info, number, initial={"version": info.table.sheet_version})
    else:
        form = DealForm(info, number, data, cards=cards)
    return _autofocus(form)


def without_matadors(words: tuple[Phrase, ...]) -> str:
    """The preview's words for a deal whose matadors the cards give on saving, in the reader's
    language: the game and what was typed, without the stand-in count and what follows from
    it (won or lost by an overbid)."""
    game, *rest = words
    if game.text in (WITH, WITHOUT):
        game = game.params["game"]
    rest = [part for part in rest
            if part.text not in (WON, LOST, OVERBID)]
    return say_words([game, *rest])


def matadors_pending(info: TableInfo, number: int) -> str:
    deck = info.deck(number)
    return (_("The matadors, the value and the new totals come from the cards of deck "
              "%(deck)s when the deal is saved.") % {"deck": deck.number if deck else ""})


def edit_deal_form(info: TableInfo, deal: Deal, data=None) -> DealForm:
    if data is None:
        return _autofocus(DealForm(info, deal.number, initial=deal_initial(deal)))
    return _autofocus(DealForm(info, deal.number, data))


def confirm_form(info: TableInfo, organizer: bool, data=None, own: bool = False) -> ConfirmForm:
    """``own``: this person or this device submitted the sheet. The organizer's override then
    confirms their own submission; when somebody else submitted, it can only skip the blind
    check, and without one there is nothing to override."""
    blind = info.tournament.blind_check
    form = ConfirmForm(data, seats=info.size, blind=blind)
    if not organizer or not (own or blind):
        del form.fields["override"]
    elif not own:
        form.fields["override"].label = _("Organizer override: confirm without the totals "
                                          "check")
    for player in info.players:
        name = f"total_{player.position}"
        if name in form.fields:
            form.fields[name].label = (_("Final total of %(seat)s %(name)s")
                                       % {"seat": player.position, "name": player.name})
    return form
