"""A live page's stamp: "updated 12 s ago", and what ``static/js/live.js`` reads from it."""

from django import template

from tournament import live

register = template.Library()


@register.inclusion_tag("live/_stamp.html", takes_context=True)
def live_stamp(context):
    """The stamp of a live page, with the ETag the page was served with (the first poll of an
    unchanged room is then a 304) and how often it asks again."""
    request = context.get("request")
    return {"etag": getattr(request, "live_etag", ""), "every": f"{live.every():g}"}
