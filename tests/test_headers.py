"""Issue 18 point 25: every answer carries the Content-Security-Policy; no template runs an
inline script, an inline event handler or an inline style (the policy would refuse them)."""

import re
from pathlib import Path

import pytest

from config.headers import CONTENT_SECURITY_POLICY

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/login/", "/no-such-page/"])
def test_every_answer_carries_the_policy(client, path):
    response = client.get(path)
    assert response["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert "script-src 'self'" in CONTENT_SECURITY_POLICY
    assert "'unsafe-inline'" not in CONTENT_SECURITY_POLICY


@pytest.mark.parametrize("template", sorted(TEMPLATES.rglob("*.html")),
                         ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_template_has_inline_script_or_style(template):
    text = template.read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), "inline <script>"
    assert not re.search(r"\son[a-z]+=[\"']", text), "inline event handler"
    assert not re.search(r"\sstyle=[\"']|<style", text), "inline style"
