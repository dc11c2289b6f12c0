"""Template filters that ask ``tournament.permissions`` (templates never restate a rule)."""

from django import template

from tournament.permissions import Role, role_of

register = template.Library()


@register.filter
def organizes(user, tournament) -> bool:
    return role_of(user, tournament) is Role.ORGANIZER


@register.filter
def helps_run(user, tournament) -> bool:
    """An organizer or an assistant of the tournament."""
    return role_of(user, tournament) >= Role.ASSISTANT
