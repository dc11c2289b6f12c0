"""The series of a tournament as a visitor's result pages speak of them: released, being
corrected, counted for this visitor."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_noop

from tournament.permissions import Visitor

# a msgid: whoever shows it says it with gettext (``printing.results``)
NOTHING_RELEASED = gettext_noop("Nothing is released yet.")  # the pages' words too (_nav.html)


@dataclass(frozen=True)
class Release:
    """The series of the tournament as this visitor's result pages speak of them."""

    numbers: list[int]  # every series, by number
    released: list[int]
    correcting: list[int]
    counted: list[int]  # the series whose results this visitor sees (of ``number``, if given)
    public_view: bool
    number: int | None = None  # a page of one series
    # the series in play the public's provisional page shows (Visitor.playing), of every series
    in_play: list[int] = field(default_factory=list)

    @property
    def nothing_released(self) -> bool:
        """The page says ``NOTHING_RELEASED`` (the public, before the first release)."""
        return self.public_view and not self.released

    @property
    def unreleased_counted(self) -> list[int]:
        """Series the visitor sees that the public does not: the staff's unreleased ones."""
        return [n for n in self.counted if n not in self.released]


def release_of(visitor: Visitor, number: int | None = None) -> Release:
    series = list(visitor.tournament.series.order_by("number"))
    counted = [s.number for s in series if visitor.sees_results_of(s)
               and (number is None or s.number == number)]
    in_play = [s.number for s in series if visitor.in_play and not visitor.staff
               and visitor.sees_results_of(s) and not s.is_released]
    return Release([s.number for s in series], [s.number for s in series if s.is_released],
                   [s.number for s in series if s.is_correcting], counted,
                   not visitor.staff, number, in_play)
