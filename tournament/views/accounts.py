"""The site's own login and logout, changing one's password, and a tournament's staff page."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament import staff
from tournament.permissions import Role, organizer_required


class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True


class LogoutView(auth_views.LogoutView):
    pass


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "registration/password_change.html"
    success_url = reverse_lazy("tournament:list")

    def form_valid(self, form):
        messages.success(self.request, _("Your password is changed."))
        return super().form_valid(form)


class StaffForm(forms.Form):
    username = forms.CharField(max_length=150, label=gettext_lazy("User name"))
    role = forms.ChoiceField(
        label=gettext_lazy("Role"),
        choices=[("assistant", gettext_lazy("Assistant: door, check-in, score sheets")),
                 ("organizer", gettext_lazy("Co-organizer: everything"))])
    password = forms.CharField(
        required=False, strip=False, widget=forms.PasswordInput(render_value=False),
        label=gettext_lazy("Password"),
        help_text=gettext_lazy("Not needed for people you already run tournaments with. A new "
                               "account: give it a password and hand it over in person. "
                               "Someone's existing account: its holder types its own password "
                               "here."))


@organizer_required
def staff_page(request, tournament):
    form = StaffForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        role = Role.ORGANIZER if data["role"] == "organizer" else Role.ASSISTANT
        try:
            user = staff.add_staff(tournament, data["username"], role, request.user,
                                   password=data["password"], request=request)
        except staff.StaffError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            said = (_("%(user)s is now organizer of %(tournament)s.") if role is Role.ORGANIZER
                    else _("%(user)s is now assistant of %(tournament)s."))
            messages.success(request, said % {"user": user.get_username(),
                                              "tournament": tournament.name})
            return redirect("tournament:staff", tournament.slug)
    return render(request, "tournament/organize/staff.html", {
        "tournament": tournament, "form": form, "members": staff.staff_of(tournament),
        "creator_id": tournament.created_by_id})


@require_POST
@organizer_required
def staff_remove(request, tournament, user_id):
    user = staff.staff_member(tournament, user_id)
    if user is None:  # not of this tournament's staff: no name to tell
        raise Http404(_("No such member of the staff."))
    try:
        staff.remove_staff(tournament, user, request.user)
    except staff.StaffError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("%(user)s no longer helps run %(tournament)s.")
                         % {"user": user.get_username(), "tournament": tournament.name})
    return redirect("tournament:staff", tournament.slug)
