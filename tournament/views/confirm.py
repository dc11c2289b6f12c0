"""Ask before what cannot be undone quietly (withdraw a player, reopen a sheet, release results
or take them back): a POST without ``sure`` changes nothing and shows a page that names what
will happen; its button posts the same form again with ``sure``. No JavaScript needed."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.shortcuts import render
from django.utils.translation import gettext_lazy

from tournament.parsing import is_local_path

SURE = "sure"


def confirmed(request) -> bool:
    return request.POST.get(SURE) == "1"


@dataclass(frozen=True)
class Question:
    title: str  # "Withdraw Anna Krüger?"
    consequences: list[str] = field(default_factory=list)  # what will happen, in sentences
    yes: str = gettext_lazy("Yes")  # the button: "Withdraw Anna Krüger"
    cancel: str = "/"  # where "Cancel" goes back to, nothing changed


def ask(request, question: Question, tournament=None):
    """The confirmation page: the posted fields carried over, ``sure`` added."""
    carried = [(name, value) for name, value in request.POST.items()
               if name not in ("csrfmiddlewaretoken", SURE)]
    nxt = request.POST.get("next", "")
    cancel = nxt if is_local_path(nxt) else question.cancel
    return render(request, "tournament/confirm.html", {
        "question": question, "carried": carried, "action": request.get_full_path(),
        "cancel": cancel, "tournament": tournament})
