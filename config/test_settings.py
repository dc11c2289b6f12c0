"""Settings of the test suite: the development settings, on any machine without any variable.

pytest (pyproject.toml) uses this module, so `make test` and a bare `pytest` need neither
DJANGO_DEBUG nor DJANGO_SECRET_KEY. pytest-django runs the tests with DEBUG False anyway;
DJANGO_DEBUG=1 here selects the development side of config.settings (plain static files, no
HTTPS redirect). Tests that check the production settings start a process with
config.settings and their own environment.
"""

import os

os.environ.setdefault("DJANGO_DEBUG", "1")

from config.settings import *  # noqa: E402, F403

# each test process its own cache in memory (the live server's threads share it)
# (one store for both: the suite's fixture clears it before each test)
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
          "crowd": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
