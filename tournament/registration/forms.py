"""Forms of the registration pages: players, the door, the CSV import, clubs, keep-apart.

Forms only parse and check the shape of the input; the rules (duplicates, numbers) live in
``tournament.registration.services`` and come back as ``RegistrationError``s, which ``add_refusal``
puts on the right field.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from tournament.models import Club
from tournament.models.events import PUBLICATION_CHOICES
from tournament.parsing import INT_MAX, NameField
from tournament.refusals import Refusal, show_on_form
from tournament.registration.importing import UTF8, decode_upload
from tournament.registration.services import (
    NEW_PERSON,
    KnownPersonError,
    NamesakeError,
)

MAX_UPLOAD_BYTES = 2 * 1024 * 1024
SEARCH_MAX = 100  # longer than any name; SQLite refuses LIKE patterns over 50,000 characters


def clean_search(form: forms.Form) -> str:
    """A search longer than any name finds what its first 100 characters find: nothing."""
    return form.cleaned_data["q"][:SEARCH_MAX]


def add_refusal(form: forms.Form, error: Refusal) -> None:
    """Show a refusal on its field, or on the whole form; a known name offers the persons."""
    if isinstance(error, KnownPersonError):
        form.offer_persons(error.known)
    show_on_form(form, error)
    if isinstance(error, NamesakeError):
        form.namesake_warning = True


class PersonChoiceMixin:
    """The explicit choice of linking a new entry to a person of the organizer's other
    tournaments: offered only once the registration named some (``KnownPersonError``)."""

    def offer_persons(self, known) -> None:
        self.fields["person"] = forms.ChoiceField(
            label=gettext("Same person?"), widget=forms.RadioSelect,
            # Translators: the answer to "Same person?", then who it is
            choices=[(str(k.player), gettext("Yes: %(person)s") % {"person": k.label})
                     for k in known]
            + [(NEW_PERSON, gettext("No: a new person of the same name"))])

    def person_choice(self, data) -> str | None:
        """The choice posted back (the field is re-offered by the service if needed)."""
        value = (data or {}).get("person")
        return value if value else None


class PlayerForm(PersonChoiceMixin, forms.Form):
    """A player and his entry: choose an existing club or type a new one."""

    first_name = forms.CharField(max_length=80, label=gettext_lazy("First name"))
    last_name = forms.CharField(max_length=80, label=gettext_lazy("Last name"))
    club = forms.ModelChoiceField(queryset=Club.objects.all(), required=False,
                                  label=gettext_lazy("Club"),
                                  empty_label=gettext_lazy("— no club —"))
    # the datalist offers the known clubs as one types; a known club typed in other letters
    # ("sc gruen") is that club, not a new one (registration.clubs.find_club)
    new_club = forms.CharField(max_length=120, required=False,
                               label=gettext_lazy("or a new club"),
                               help_text=gettext_lazy("Type the name of a club that is not in "
                                                      "the list."),
                               widget=forms.TextInput(attrs={"list": "club-names",
                                                             "autocomplete": "off"}))
    email = forms.EmailField(required=False, max_length=254,
                             label=gettext_lazy("E-mail (optional)"))
    number = forms.IntegerField(min_value=1, max_value=INT_MAX, required=False,
                                label=gettext_lazy("Participant number"))
    publication = forms.ChoiceField(
        choices=PUBLICATION_CHOICES, required=False, label=gettext_lazy("Name on public pages"),
        help_text=gettext_lazy("What the public pages, PDFs, exports and the API show; the "
                               "staff always see the full name."))
    pseudonym = NameField(max_length=80, required=False, label=gettext_lazy("Pseudonym"),
                          help_text=gettext_lazy("Only with “pseudonym”: the name the player "
                                                 "wants published."))
    save_anyway = forms.BooleanField(
        required=False,
        label=gettext_lazy("Save anyway: this is a different person of the same name"))

    def __init__(self, *args, next_number: int | None = None, clubs=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.namesake_warning = False
        self.fields["club"].queryset = clubs if clubs is not None else Club.objects.none()
        if next_number is not None:
            self.fields["number"].help_text = (
                gettext("Leave empty for the next free number (%(number)s).")
                % {"number": next_number})
        else:
            self.fields["number"].required = True

    def clean(self):
        data = super().clean()
        club, new_club = data.get("club"), (data.get("new_club") or "").strip()
        if club and new_club and club.name.casefold() != new_club.casefold():
            self.add_error("new_club", gettext("Choose a club from the list or type a new "
                                               "one, not both."))
        data["club_name"] = new_club or (club.name if club else "")
        return data

    def registration_kwargs(self) -> dict:
        data = self.cleaned_data
        return {
            "first_name": data["first_name"],
            "last_name": data["last_name"],
            "club_name": data["club_name"],
            "email": data.get("email") or "",
            "number": data.get("number"),
            "allow_namesake": bool(data.get("save_anyway")),
            "publication": data.get("publication") or "",
            "pseudonym": data.get("pseudonym") or "",
        }

    def new_entry_kwargs(self) -> dict:
        return {**self.registration_kwargs(), "person": self.person_choice(self.data)}


class DoorSearchForm(forms.Form):
    q = forms.CharField(required=False, label=gettext_lazy("Number or name"),
                        widget=forms.TextInput(attrs={"autofocus": True, "autocomplete": "off",
                                                      "type": "search"}))

    clean_q = clean_search


class QuickAddForm(PersonChoiceMixin, forms.Form):
    """Register and check in at once, at the door."""

    # Translators: the first name, a short label at the door
    first_name = forms.CharField(max_length=80, label=pgettext_lazy("first name", "First"))
    # Translators: the last name, a short label at the door
    last_name = forms.CharField(max_length=80, label=pgettext_lazy("last name", "Last"))
    club = forms.CharField(max_length=120, required=False, label=gettext_lazy("Club"),
                           widget=forms.TextInput(attrs={"list": "club-names",
                                                         "autocomplete": "off"}))
    save_anyway = forms.BooleanField(required=False,
                                     label=gettext_lazy("Save anyway (different person)"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.namesake_warning = False

    def registration_kwargs(self) -> dict:
        data = self.cleaned_data
        return {
            "first_name": data["first_name"],
            "last_name": data["last_name"],
            "club_name": data.get("club") or "",
            "allow_namesake": bool(data.get("save_anyway")),
            "check_in": True,
            "person": self.person_choice(self.data),
        }


class ImportUploadForm(forms.Form):
    file = forms.FileField(required=False, label=gettext_lazy("CSV file"))
    text = forms.CharField(required=False, strip=False,
                           label=gettext_lazy("or paste the CSV text"),
                           widget=forms.Textarea(attrs={"rows": 8, "cols": 80,
                                                        "spellcheck": "false"}))

    def clean(self):
        data = super().clean()
        upload, text = data.get("file"), data.get("text") or ""
        if upload:
            if upload.size > MAX_UPLOAD_BYTES:
                raise forms.ValidationError(gettext("The file is larger than 2 MB."))
            try:
                data["csv_text"], data["encoding"] = decode_upload(upload.read())
            except ValueError as error:
                raise forms.ValidationError(str(error)) from None
        elif text.strip():
            data["csv_text"], data["encoding"] = text, UTF8
        else:
            raise forms.ValidationError(gettext("Choose a CSV file or paste the CSV text."))
        return data


class ImportConfirmForm(forms.Form):
    """The checked CSV text goes back with the confirmation and is checked again."""

    csv_text = forms.CharField(strip=False, widget=forms.Textarea(attrs={"hidden": True}))
    skip_bad = forms.BooleanField(required=False)
    link_known = forms.BooleanField(
        required=False, label=gettext_lazy(
            "A row with the name and club of a player of my other tournaments is that same "
            "person (to follow them over a season)"))


class ClubForm(forms.Form):
    name = forms.CharField(max_length=120, label=gettext_lazy("Club name"))
    city = forms.CharField(max_length=120, required=False, label=gettext_lazy("City"))


class ClubMergeForm(forms.Form):
    """Merge a club into another: the choice, then the confirmation (``confirm``)."""

    into = forms.ModelChoiceField(
        queryset=Club.objects.none(), label=gettext_lazy("Merge into"),
        empty_label=gettext_lazy("— choose a club —"),
        error_messages={"required": gettext_lazy("Choose the club to merge into.")})
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, clubs=None, **kwargs):
        super().__init__(*args, **kwargs)
        if clubs is not None:
            self.fields["into"].queryset = clubs


class KeepApartForm(forms.Form):
    # Translators: a participant number; the form reads "Number … and number …"
    first = forms.IntegerField(min_value=1, max_value=INT_MAX,
                               label=pgettext_lazy("participant number", "Number"))
    second = forms.IntegerField(min_value=1, max_value=INT_MAX,
                                label=pgettext_lazy("participant number", "and number"))
    reason = forms.CharField(max_length=120, required=False, label=gettext_lazy("Reason"),
                             help_text=gettext_lazy("e.g. married couple, same household"))


class EntryFilterForm(forms.Form):
    """The player list's filters (GET)."""

    q = forms.CharField(required=False, label=gettext_lazy("Name or number"),
                        widget=forms.TextInput(attrs={"type": "search"}))
    club = forms.ChoiceField(required=False, label=gettext_lazy("Club"))
    status = forms.ChoiceField(required=False, label=gettext_lazy("Status"), choices=[
        ("", gettext_lazy("any status")),
        ("registered", gettext_lazy("registered, not checked in")),
        ("checked_in", pgettext_lazy("entry", "checked in")),
        ("withdrawn", pgettext_lazy("entry", "withdrawn"))])

    def __init__(self, *args, clubs=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].choices = [("", gettext("all clubs")), ("none", gettext("no club"))] + [
            (str(club.pk), club.name) for club in clubs]

    clean_q = clean_search

    def filters(self) -> dict[str, str]:
        if not self.is_valid():
            return {"q": "", "club": "", "status": ""}
        return {key: self.cleaned_data.get(key) or "" for key in ("q", "club", "status")}
