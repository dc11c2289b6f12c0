"""Parts of the tournament file that an outer app keeps (the money's rules): each app
registers its part in its ``AppConfig.ready``, and the file writes, checks and reads it
without knowing the app (an inner ring never imports an outer one). A file without a part is
a tournament without it; a part the site does not know is refused like any unknown key."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from exports.tournament_file.document import Found
from tournament.models import Tournament


@dataclass(frozen=True)
class Part:
    key: str  # the file's top-level key
    since: int  # the first version of the format that has it
    dump: Callable[[Tournament], object]  # the part's value; None: nothing to keep
    # the value read from a file, checked: refusals go to ``found`` under the part's key as
    # their path's start; returns the clean value
    check: Callable[[object, str, Found], object]
    load: Callable[[Tournament, object], None]  # into the new tournament, in the import's
    # transaction (its one audit entry says the tournament was imported)


PARTS: dict[str, Part] = {}


def register(part: Part) -> None:
    PARTS[part.key] = part
