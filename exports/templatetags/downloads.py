"""``{% downloads "standings" tournament.slug %}``: a page's "Download: CSV · XLSX · ODS", the
files of ``exports:<name>`` with the page's filters and sort (never its page number: a file
holds every row)."""

from __future__ import annotations

from django import template
from django.urls import reverse

from exports.files import FORMATS

register = template.Library()

PAGING = ("page", "per_page")


def _query(request) -> str:
    if request is None:
        return ""
    query = request.GET.copy()
    for key in list(query):
        if key.rsplit("-", 1)[-1] in PAGING:
            del query[key]
    return f"?{query.urlencode()}" if query else ""


@register.inclusion_tag("exports/_downloads.html", takes_context=True)
def downloads(context, name: str, *args, label: str = ""):
    """Links to ``exports:<name>`` (its URL's arguments ``args``, the format last) in each
    format, after ``label`` (by default "Download:")."""
    query = _query(context.get("request"))
    links = [(fmt, fmt.upper(), reverse(f"exports:{name}", args=[*args, fmt]) + query)
             for fmt in FORMATS]
    return {"label": label, "links": links}
