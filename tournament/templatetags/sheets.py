"""The score sheet's rows as HTML, written in one pass.

The sheet page is rendered after every deal a scorekeeper saves (a congress: a thousand tables
at once); the template engine spent most of that page's time resolving a dozen variables per
row and cell. Same markup as the template had, built here: what a row shows is decided by
``tournament.sheets.page`` (``RowView``), not here."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape as esc
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournament.numbers import grouped, signed
from tournament.sheets.forms import DealForm
from tournament.sheets.page import RowView

register = template.Library()

HIDDEN = '<span class="muted">·</span>'


def _cells(row: RowView, hide: bool) -> str:
    """Each player's running total: bold where the row moved it, the loss colour below 0;
    a dot while a blind check hides the totals."""
    out = []
    for cell in row.cells:
        css = "num total neg" if cell.total < 0 else "num total"
        if hide:
            shown = HIDDEN
        elif cell.moved:
            shown = f"<strong>{grouped(cell.total)}</strong>"
        else:
            shown = grouped(cell.total)
        out.append(f'<td class="{css}">{shown}</td>')
    return "".join(out)


@register.simple_tag
def sheet_cells(row: RowView, hide: bool) -> SafeString:
    return mark_safe(_cells(row, hide))  # noqa: S308 (numbers and fixed markup only)


@register.simple_tag
def sheet_deal_rows_url(token: str) -> str:
    """The edit link of deal 0, for ``sheet_deal_row`` to put each deal's number in (one
    ``reverse`` per page instead of one per row)."""
    return reverse("tournament:deal_edit", args=[token, 0])


@register.simple_tag
def sheet_deal_row(row: RowView, edit_url: str, hide: bool) -> SafeString:
    """One deal's row; ``edit_url``: ``sheet_deal_rows_url`` when the visitor may correct
    deals, else empty (the number without a link)."""
    deal = row.row
    number = f"{deal.number:d}"
    if edit_url:
        href = edit_url[: -len("0/")] + f"{number}/"
        title = escape(_("Correct deal %(number)s") % {"number": number})
        number = f'<a href="{escape(href)}" title="{title}">{number}</a>'
    # Translators: beside the name of who lost a deal on the sheet
    lost_word = escape(_("(lost)")) if row.loser else ""
    lost = f' <small class="muted">{lost_word}</small>' if row.loser else ""
    game = escape(deal.text)
    if row.declarer_name:
        game = (f'<span class="decl-inline"><span class="seat-no">{escape(row.seat)}</span>'
                f'{escape(row.first_name)}{" " + lost_word if row.loser else ""}:</span> {game}')
    value_css = "num value neg" if deal.value < 0 else "num value"
    return mark_safe(  # noqa: S308 (every text above is escaped)
        f'<tr class="deal{" lost" if deal.won is False else ""}">'
        f'<td class="num">{number}</td>'
        f'<td class="col-dealer num" title="{escape(row.dealer_name)}">{escape(deal.dealer)}</td>'
        f'<td class="col-declarer">{escape(row.declarer_name)}{lost}</td>'
        f'<td class="game">{game}</td>'
        f'<td class="{value_css}">{signed(deal.value)}</td>'
        f"{_cells(row, hide)}</tr>")


def _errors(errors) -> str:
    return "".join(f'<p class="error field-error">{esc(e)}</p>' for e in errors)


def _help(bound) -> str:
    return f"<small>{esc(bound.help_text)}</small>" if bound.help_text else ""


@register.simple_tag
def deal_form_fields(form: DealForm, fields) -> SafeString:
    """The deal form's fields, each in its box with the games that show it (``data-games``),
    its label, help and errors: ``fields`` as ``page.form_fields`` gives them. Written here
    for the same reason as the rows (the page after every deal); the markup the template had
    (``tests/tournament/test_quick_widgets.py`` compares the two)."""
    out = []
    for bound, games in fields:
        checkbox = bound.widget_type == "checkbox"
        errors = bound.errors
        css = f"field field-{esc(bound.name)}{' check' if checkbox else ''}" + (
            " has-error" if errors else "")
        shown = "" if games is None else f' data-games="{esc(games)}"'
        label = esc(bound.label)
        if checkbox:
            inner = f"<label>{bound} {label}</label>"
        elif bound.name == "matadors":
            without = form["without"]
            inner = (f'<label for="{esc(bound.id_for_label)}">{label}</label>\n'
                     f'<div class="matadors-line">{bound} <label class="inline-check">'
                     f"{without} {esc(without.label)}</label></div>\n"
                     f"{_help(bound)}\n{_errors(without.errors)}")
        else:
            inner = (f'<label for="{esc(bound.id_for_label)}">{label}</label>\n{bound}\n'
                     f"{_help(bound)}")
        out.append(f'<div class="{css}" data-field="{esc(bound.name)}"{shown}>\n{inner}\n'
                   f"{_errors(errors)}\n</div>\n")
    return mark_safe("".join(out))  # noqa: S308 (every text escaped, widgets are Django's)
