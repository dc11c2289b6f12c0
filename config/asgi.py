"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

from config.caches import require_shared_caches

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_asgi_application()
require_shared_caches()  # a Redis that does not answer stops the worker at boot, saying so
