"""WSGI entry point: `gunicorn config.wsgi`."""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

from config.caches import require_shared_caches

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_wsgi_application()
require_shared_caches()  # a Redis that does not answer stops the worker at boot, saying so

# Every view loaded, then everything the process holds so far set apart from the garbage
# collector: its full passes would otherwise walk Django's hundred thousand objects whenever a
# cold results page makes many (a congress's standings: 40 ms of 170; bench/RESULTS.md).
get_resolver().url_patterns  # noqa: B018 - imports every view module now
gc.freeze()
