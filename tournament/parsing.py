"""Reading untrusted request input: bounded numbers, clean names, safe paths, page sizes.

Everything a visitor types or puts in an address goes through one of these before it reaches
``int()``, the database or a redirect. Display parameters (page, page size) fall back to their
default; form fields get a ``max_value`` the database column can hold.
"""

from __future__ import annotations

import unicodedata

from django import forms
from django.core.paginator import EmptyPage
from django.db.backends.base.operations import BaseDatabaseOperations
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy

from tournament.crowd import page_size_limit
from tournament.names import unshowable

# The ranges every supported database holds (PostgreSQL's; SQLite holds more).
DB_RANGES = BaseDatabaseOperations.integer_field_ranges
INT_MIN, INT_MAX = DB_RANGES["IntegerField"]  # IntegerField, PositiveIntegerField: 2147483647
SMALL_INT_MAX = DB_RANGES["SmallIntegerField"][1]  # the small ones: 32767
BIG_INT_MAX = DB_RANGES["BigIntegerField"][1]  # primary keys (BigAutoField)

MAX_PER_PAGE = 500
MAX_NEXT_LENGTH = 2000


def int_param(value, lo: int, hi: int) -> int | None:
    """``value`` as a whole number in ``lo..hi``, or None for anything else.

    Only ASCII digits with an optional leading minus count: not "²", "٣", "1_000", "2.5" or
    " 7" (int() accepts some of those and fails on others, e.g. past 4,300 digits).
    """
    if not isinstance(value, str | int) or isinstance(value, bool):
        return None
    text = str(value)
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 20:
        return None
    number = int(text)
    return number if lo <= number <= hi else None


def clean_text(value) -> str:
    """Drop NULs and other control characters, trim and collapse white space.

    "  Max\\x00  Mül\\tler " -> "Max Müller". PostgreSQL refuses NUL in text; the other control
    characters only make trouble on screens, in exports and in logs.
    """
    text = "".join(
        " " if ch.isspace() else ch
        for ch in str(value or "")
        if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cs")
    )
    return " ".join(text.split())


# The whole sentence for each field whose name is checked (``tournament.names.unshowable``):
# (a direction control, only invisible characters). The "row …" ones are a problem in a row of
# a players CSV, shown after "Row 3: ".
_NAME_PROBLEMS = {
    "name": (
        gettext_lazy("The name contains the direction control %(code)s, which turns the text "
                     "around on screens; type the name without it."),
        gettext_lazy("The name is made only of invisible characters (%(codes)s); type a "
                     "visible name.")),
    "first name": (
        gettext_lazy("The first name contains the direction control %(code)s, which turns the "
                     "text around on screens; type the name without it."),
        gettext_lazy("The first name is made only of invisible characters (%(codes)s); type a "
                     "visible name.")),
    "last name": (
        gettext_lazy("The last name contains the direction control %(code)s, which turns the "
                     "text around on screens; type the name without it."),
        gettext_lazy("The last name is made only of invisible characters (%(codes)s); type a "
                     "visible name.")),
    "club name": (
        gettext_lazy("The club name contains the direction control %(code)s, which turns the "
                     "text around on screens; type the name without it."),
        gettext_lazy("The club name is made only of invisible characters (%(codes)s); type a "
                     "visible name.")),
    "team name": (
        gettext_lazy("The team name contains the direction control %(code)s, which turns the "
                     "text around on screens; type the name without it."),
        gettext_lazy("The team name is made only of invisible characters (%(codes)s); type a "
                     "visible name.")),
    "user name": (
        gettext_lazy("The user name contains the direction control %(code)s, which turns the "
                     "text around on screens; type the name without it."),
        gettext_lazy("The user name is made only of invisible characters (%(codes)s); type a "
                     "visible name.")),
    "row first name": (
        gettext_lazy("first name contains the direction control %(code)s, which turns the "
                     "text around on screens; type the name without it"),
        gettext_lazy("first name is made only of invisible characters (%(codes)s); type a "
                     "visible name")),
    "row last name": (
        gettext_lazy("last name contains the direction control %(code)s, which turns the "
                     "text around on screens; type the name without it"),
        gettext_lazy("last name is made only of invisible characters (%(codes)s); type a "
                     "visible name")),
    "row club name": (
        gettext_lazy("club name contains the direction control %(code)s, which turns the "
                     "text around on screens; type the name without it"),
        gettext_lazy("club name is made only of invisible characters (%(codes)s); type a "
                     "visible name")),
}


def name_problem(text: str, what: str = "name") -> str | None:
    """Why ``text`` cannot be shown as typed, as the whole sentence of the field ``what``
    ("name", "first name", "last name", "club name", "team name", "user name"; "row first
    name", "row last name", "row club name" in a CSV row) in the reader's language; None if
    it can."""
    found = unshowable(text)
    if found is None:
        return None
    kind, codes = found
    control, invisible = _NAME_PROBLEMS[what]
    if kind == "control":
        return str(control) % {"code": codes}
    return str(invisible) % {"codes": codes}


class NameField(forms.CharField):
    """A CharField for a name: control characters (NUL included) are dropped, not refused."""

    def to_python(self, value):
        return super().to_python(clean_text(value) if value not in self.empty_values else value)

    def validate(self, value):
        super().validate(value)
        problem = name_problem(value or "")
        if problem:
            raise forms.ValidationError(problem)


def safe_next(request, fallback: str, *, field: str = "next"):
    """Redirect to the request's ``next`` if it is a path of this site, else to ``fallback``.

    Only a path counts ("/organize/..."): not a URL with a scheme or host, not "//host",
    not a relative name, nothing with control characters or longer than 2,000 characters.
    """
    target = request.POST.get(field) or request.GET.get(field) or ""
    if is_local_path(target):
        return redirect(target)
    return redirect(fallback)


def is_local_path(target: str) -> bool:
    return (
        0 < len(target) <= MAX_NEXT_LENGTH
        and target.startswith("/")
        and not target.startswith(("//", "/\\"))
        and target.isprintable()
        and not any(ch.isspace() for ch in target)
        and url_has_allowed_host_and_scheme(target, allowed_hosts=None)
    )


def per_page(request, default: int, field: str = "per_page") -> int:
    """The page size the request asks for, at most 500 for the staff and what a phone shows
    for an anonymous visitor (``crowd.page_size_limit``); the default for anything that is not
    a whole number from 1 up."""
    size = int_param(request.GET.get(field), 1, BIG_INT_MAX)
    return min(size, page_size_limit(request, MAX_PER_PAGE)) if size else default


def configure_table(request, table, default_per_page: int):
    """django-tables2's ``RequestConfig(...).configure(table)``, with the page size and page
    number read through ``int_param``: a bad one shows the default size or the first page,
    a page past the end the last page; a sort by a column the table does not have (or cannot
    sort) is ignored."""
    table.request = request
    orderable = {column.name for column in table.columns if column.orderable}
    order_by = [key for key in request.GET.getlist(table.prefixed_order_by_field)
                if key.removeprefix("-") in orderable]  # an unknown column is ignored
    if order_by:
        table.order_by = order_by
    size = per_page(request, default_per_page, table.prefixed_per_page_field)
    page = int_param(request.GET.get(table.prefixed_page_field), 1, INT_MAX) or 1
    try:
        table.paginate(per_page=size, page=page)
    except EmptyPage:
        table.page = table.paginator.page(table.paginator.num_pages)
    return table


def page_number(request, field: str = "page") -> int:
    """A page number for ``Paginator.get_page``: 1 for anything that is not one."""
    return int_param(request.GET.get(field), 1, INT_MAX) or 1


def bounded_formfield(db_field, **kwargs):
    """``Meta.formfield_callback`` of model forms: an integer field gets the range its column
    holds on every database (the model's own validators know only the current one's)."""
    internal = db_field.get_internal_type()
    if internal in DB_RANGES and not db_field.choices:
        lo, hi = DB_RANGES[internal]
        kwargs.setdefault("min_value", lo)
        kwargs.setdefault("max_value", hi)
    return db_field.formfield(**kwargs)


class TokenConverter:
    """A table link's token in an address (``secrets.token_urlsafe``'s alphabet): anything
    else, a NUL for one, is no match (a 404) and never reaches the database."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
