"""django-tables2 tables of the result pages: they sort, page, and align numbers right. Their
records are the page layer's rows (``StandingRow``, ``GroupRow``, ``DealRow``,
``ComparativeRow``, ``PlayerDeckRow``)."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_tables2.data import TableListData

from scoring.results.extras import ExtraColumn
from tournament.numbers import decimals, grouped, signed

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


def secondary(num: bool = False) -> dict:
    """A column a phone hides (``col-secondary``, static/css/site.css) so that the page fits
    390 px and the Points stay in view."""
    css = "num col-secondary" if num else "col-secondary"
    return {"th": {"class": css}, "td": {"class": css}}


class InPlaceOrder(TableListData):
    """Rows that come in place order (the page layer ranks them): the table's first order
    asks for no sorting, which would resolve the place of each of a congress's 3,150 rows for
    nothing (30 ms of a cold page)."""

    def order_by(self, aliases):
        if [str(alias) for alias in aliases] != ["place"]:
            super().order_by(aliases)


class RankedTable(tables.Table):
    """A table of rows in place order, first shown so (``Meta.order_by = ("place",)``)."""

    def __init__(self, data, *args, **kwargs):
        super().__init__(InPlaceOrder(list(data)), *args, **kwargs)


class ExtendedRow:
    """A row of the standings with the values of the extra columns (``extras``, by column
    name), so that they sort like the row's own; everything else is the row's."""

    def __init__(self, row, extras: dict[str, int]):
        self.row = row
        self.extras = extras

    def __getattr__(self, name):
        if name.startswith("__"):  # copying or pickling asks before ``row`` is set
            raise AttributeError(name)
        return getattr(self.row, name)


class ExtraColumnView(tables.Column):
    """An extra column of the standings (``scoring.results.extras``): right-aligned, sorted
    by its values, written by its own ``show`` and ``export``."""

    def __init__(self, extra: ExtraColumn):
        super().__init__(verbose_name=extra.title, accessor=f"extras__{extra.name}",
                         attrs=NUM)
        self.extra = extra

    def render(self, value):
        return self.extra.show(value)

    def value(self, value):
        return self.extra.export(value)


class StandingsTable(RankedTable):
    place = tables.Column(verbose_name=_("Place"), attrs=NUM, order_by=("rank",))
    number = tables.Column(verbose_name=_("No."), attrs=secondary(num=True))
    name = tables.Column(verbose_name=_("Player"), order_by=("sort_name",))
    club = tables.Column(verbose_name=_("Club"), default="", attrs=secondary())
    points = tables.Column(verbose_name=_("Points"), attrs=NUM)
    won = tables.Column(verbose_name=_("Won"), attrs=secondary(num=True))
    lost = tables.Column(verbose_name=_("Lost"), attrs=secondary(num=True))
    games = tables.Column(verbose_name=_("Games"), attrs=NUM)
    score = tables.Column(verbose_name=_("Score"), attrs=NUM)

    class Meta:
        attrs = {"class": "data standings"}
        order_by = ("place",)
        empty_text = _("No results yet.")
        row_attrs = {"class": lambda record: "tied" if record.tied else ""}

    def __init__(self, data, *args, slug: str, own_score: bool,
                 extras: list[ExtraColumn] | tuple[ExtraColumn, ...] = (), **kwargs):
        """``extras``: the columns outer apps add (``results.extras.standings_columns``),
        after the table's own."""
        if extras:
            data = [ExtendedRow(row, {e.name: e.value_of(row.number) for e in extras})
                    for row in data]
            kwargs["extra_columns"] = [(e.name, ExtraColumnView(e)) for e in extras]
        super().__init__(data, *args, **kwargs)
        self.slug = slug
        if not own_score:  # the Points are the score (``ranking.Ranking.own_score``)
            self.columns.hide("score")
        if extras:  # on a phone the extra columns take the place of the games
            self.columns["games"].column.attrs = secondary(num=True)

    def render_name(self, record, value):
        url = reverse("scoring:player", args=[self.slug, record.number])
        return format_html('<a href="{}">{}</a>', url, record.sort_label)

    def render_games(self, value):
        return signed(value)


class GroupTable(RankedTable):
    """Clubs or teams: rank, name, score, the players counted."""

    place = tables.Column(verbose_name=_("Place"), attrs=NUM, order_by=("rank",))
    name = tables.Column(verbose_name=_("Name"))
    score = tables.Column(verbose_name=_("Score"), attrs=NUM)
    counted = tables.Column(verbose_name=_("Players counted"), attrs=secondary(num=True))
    members = tables.Column(verbose_name=_("Players"), orderable=False,
                            attrs={"td": {"class": "members"}})

    class Meta:
        attrs = {"class": "data groups"}
        order_by = ("place",)
        empty_text = _("Nothing to rank yet.")


class DealsTable(tables.Table):
    where = tables.Column(verbose_name=_("Series / table / deal"), order_by=("order",))
    game = tables.Column(verbose_name=_("Game"))
    role = tables.Column(verbose_name="")
    points = tables.Column(verbose_name=_("Points"), attrs=NUM)

    class Meta:
        attrs = {"class": "data deals"}
        order_by = ("where",)
        empty_text = _("No deals yet.")

    def render_points(self, value):
        return signed(value)


def two_decimals(value) -> str:
    """A matchpoint total or a percentage, exact until here: two decimals, half up, with the
    reader's decimal mark (12.50 / 12,50)."""
    return decimals(value)


class ComparativeTable(RankedTable):
    """Comparative Skat: players by the mean of their per-deck percentages (docs/rules.md §13)."""

    place = tables.Column(verbose_name=_("Place"), attrs=NUM, order_by=("rank",))
    number = tables.Column(verbose_name=_("No."), attrs=NUM)
    name = tables.Column(verbose_name=_("Player"), order_by=("sort_name",))
    decks = tables.Column(verbose_name=_("Decks"), attrs=NUM)
    matchpoints = tables.Column(verbose_name=_("Matchpoints"), attrs=NUM)
    percent = tables.Column(verbose_name="%", attrs=NUM)

    class Meta:
        attrs = {"class": "data standings comparative"}
        order_by = ("place",)
        empty_text = _("No decks compared yet.")
        row_attrs = {"class": lambda record: "tied" if record.tied else ""}

    def __init__(self, *args, slug: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.slug = slug

    def render_name(self, record, value):
        url = reverse("scoring:player", args=[self.slug, record.number])
        return format_html('<a href="{}">{}</a>', url, record.sort_name)

    def render_matchpoints(self, value):
        return two_decimals(value)

    def render_percent(self, value):
        return two_decimals(value)


class PlayerDecksTable(tables.Table):
    """A player's decks: his score and percentage, and how the others did with his cards."""

    deck = tables.Column(verbose_name=_("Series / deck"), order_by=("order",))
    letter = tables.Column(verbose_name=pgettext_lazy("seat at a table", "Seat"))
    score = tables.Column(verbose_name=_("Score"), attrs=NUM)
    field = tables.Column(verbose_name=_("Field"), attrs=NUM, default="—")
    verdict = tables.Column(verbose_name=_("The field"), order_by=("difference",))
    matchpoints = tables.Column(verbose_name=_("MP"), attrs=NUM, default="—")
    percent = tables.Column(verbose_name="%", attrs=NUM, default="—")

    class Meta:
        attrs = {"class": "data player-decks"}
        order_by = ("deck",)
        empty_text = _("No decks compared yet.")

    def render_deck(self, record, value):
        return format_html('<a href="{}">{}</a>', record.url, value)

    def render_field(self, value):
        return two_decimals(value)

    def render_matchpoints(self, record, value):
        return f"{two_decimals(value)} / {grouped(record.top)}"

    def render_percent(self, value):
        return two_decimals(value)
