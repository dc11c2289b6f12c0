"""The money's part of the tournament file (``exports.tournament_file.parts``): the Money
page's settings, written and read back as they are kept, checked as ``python -m money``
checks rules."""

from __future__ import annotations

from django.utils.translation import gettext as _

from exports.tournament_file.document import INVALID, Found
from exports.tournament_file.parts import Part
from money.currency import CURRENCIES
from money.models import MoneySettings
from money.rules import MoneyError, read_rules
from money.services import PRESET_KEYS
from tournament.models import Tournament

KEY = "money"
FIELDS = ("preset", "currency", "settle_at_rate", "rules")


def dump(tournament: Tournament) -> object:
    settings = MoneySettings.objects.filter(tournament=tournament).first()
    if settings is None:
        return None
    return {"preset": settings.preset, "currency": settings.currency,
            "settle_at_rate": settings.settle_at_rate, "rules": settings.rules}


def check(value: object, path: str, found: Found) -> object:
    if not isinstance(value, dict):
        return found.add(path, _("must be an object."))
    unknown = [key for key in value if key not in FIELDS]
    missing = [key for key in FIELDS if key not in value]
    for key in unknown:
        found.add(f"{path}.{key}", _("is not a key of the money settings."))
    for key in missing:
        found.add(f"{path}.{key}", _("is missing."))
    if unknown or missing:
        return INVALID
    if value["preset"] not in ("", *PRESET_KEYS):
        found.add(f"{path}.preset", _("is no preset of the Money page."))
    if value["currency"] not in CURRENCIES:
        found.add(f"{path}.currency", _("must be one of %(currencies)s.")
                  % {"currencies": ", ".join(CURRENCIES)})
    if not isinstance(value["settle_at_rate"], bool):
        found.add(f"{path}.settle_at_rate", _("must be true or false."))
    try:
        read_rules(value["rules"])
    except MoneyError as error:
        found.add(f"{path}.{error.place}", error.problem)
    return value


def load(tournament: Tournament, value: object) -> None:
    assert isinstance(value, dict)
    MoneySettings.objects.create(tournament=tournament, **{k: value[k] for k in FIELDS})


PART = Part(KEY, 2, dump, check, load)
