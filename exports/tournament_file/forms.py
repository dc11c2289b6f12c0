"""The upload of a tournament file and the confirmation of its preview."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

from .document import MAX_BYTES


def too_large() -> str:
    return gettext("The file is larger than %(limit)s MB, the most a tournament file may "
                   "have; nothing was read.") % {"limit": MAX_BYTES // 2**20}


class UploadForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Tournament file (.json)"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:  # refused before a byte of it is parsed
            raise forms.ValidationError(too_large())
        return upload


class ConfirmForm(forms.Form):
    """Sends back the key of the file previewed: a confirmation is of that file only."""

    key = forms.CharField(max_length=32, widget=forms.HiddenInput)
