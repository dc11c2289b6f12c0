"""Each request starts in the site's time zone; a tournament's pages switch to its own
(``permissions.in_its_time_zone``). Without the reset, a worker thread would keep the zone of
the last tournament it served."""

from django.utils import timezone


class TimeZoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
