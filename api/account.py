"""An account's API tokens page (``/account/api-tokens/``): make a token (its secret shown
once, on the answer to the form), see one's tokens, revoke one. Any logged-in account has it:
what a token reads is what its account reads (api/auth.py)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from api import tokens
from tournament.parsing import NameField
from tournament.refusals import Refusal, show_on_form


class TokenForm(forms.Form):
    name = NameField(max_length=tokens.NAME_MAX, label=gettext_lazy("Name"),
                     help_text=gettext_lazy("Where the token is used, say “club website”."))


@never_cache  # the answer to the form holds the secret: no cache keeps it
@login_required
def token_page(request):
    form = TokenForm(request.POST or None)
    made = None
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            made = tokens.create_token(request.user, form.cleaned_data["name"])
        except Refusal as refusal:
            show_on_form(form, refusal)
        else:
            form, status = TokenForm(), 201
    if request.method == "POST" and made is None:
        status = 400
    return render(request, "api/tokens.html", {
        "form": form, "made": made, "tokens": tokens.tokens_of(request.user),
        "docs": reverse("api:openapi-view")}, status=status)


@login_required
@require_POST
def token_revoke(request, pk: int):
    token = tokens.revoke_token(request.user, pk)
    if token is None:
        raise Http404(_("You have no such API token."))
    messages.success(request, _("The token “%(name)s” is revoked: it opens nothing any more.")
                     % {"name": token.name})
    return redirect("api_tokens:page")
