"""Headers every answer of the site carries.

The Content-Security-Policy lets a page run only the site's own script and style files: no
inline script, no inline style attribute, nothing from another host. A name that slipped
markup past the templates' escaping could then still not run. Pages that need a script load
it from ``static/js/`` (tests/e2e fail on any violation the browser reports).
"""

from __future__ import annotations

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response
