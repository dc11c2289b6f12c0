"""The site's own login and logout, changing one's password, and a tournament's staff page."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
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
        messages.success(self.request, "Your password is changed.")
        return super().form_valid(form)


class StaffForm(forms.Form):
    username = forms.CharField(max_length=150, label="User name")
    role = forms.ChoiceField(choices=[("assistant", "Assistant: door, check-in, score sheets"),
                                      ("organizer", "Co-organizer: everything")])
    password = forms.CharField(
        required=False, strip=False, widget=forms.PasswordInput(render_value=False),
        label="Password",
        help_text="Not needed for people you already run tournaments with. A new account: "
                  "give it a password and hand it over in person. Someone's existing account: "
                  "its holder types its own password here.")


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
            messages.success(request, f"{user.get_username()} is now "
                                      f"{staff.ROLE_WORDS[role]} of {tournament.name}.")
            return redirect("tournament:staff", tournament.slug)
    return render(request, "tournament/organize/staff.html", {
        "tournament": tournament, "form": form, "members": staff.staff_of(tournament),
        "creator_id": tournament.created_by_id})


@require_POST
@organizer_required
def staff_remove(request, tournament, user_id):
    user = staff.staff_member(tournament, user_id)
    if user is None:  # not of this tournament's staff: no name to tell
        raise Http404("No such member of the staff.")
    try:
        staff.remove_staff(tournament, user, request.user)
    except staff.StaffError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"{user.get_username()} no longer helps run "
                                  f"{tournament.name}.")
    return redirect("tournament:staff", tournament.slug)
