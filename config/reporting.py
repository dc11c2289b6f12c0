"""What Django's debug page and error e-mails may show: no password, key or credential URL."""

from __future__ import annotations

import re

from django.views.debug import SafeExceptionReporterFilter

# A URL with a password in it: scheme://user:password@host (DATABASE_URL, a cache's URL, ...).
CREDENTIALS_IN_URL = re.compile(r"(?P<head>[a-z][a-z0-9+.-]*://[^/@\s:]*:)[^/@\s]*(?=@)", re.I)


class CredentialsHidingFilter(SafeExceptionReporterFilter):
    """Django's filter, hiding also database settings and variables (``DATABASE_URL`` in
    ``request.META`` under runserver), DSNs, and the password of any URL that carries one."""

    hidden_settings = re.compile(
        "API|TOKEN|KEY|SECRET|PASS|SIGNATURE|HTTP_COOKIE|DATABASE|DSN|CREDENTIAL|AUTH",
        flags=re.I,
    )

    def cleanse_setting(self, key, value):
        value = super().cleanse_setting(key, value)
        if isinstance(value, str) and "://" in value:
            value = CREDENTIALS_IN_URL.sub(rf"\g<head>{self.cleansed_substitute}", value)
        return value
