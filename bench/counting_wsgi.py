"""The site's WSGI application, telling bench/bench_congress.py how many SQL queries each
request made (``X-Bench-Queries``), with DEBUG off. Served only for the page timings:
``gunicorn bench.counting_wsgi:application``; the load tests serve ``config.wsgi``.
"""

from django.db import connection

from config.wsgi import application as site


def application(environ, start_response):
    count = [0]

    def counted(execute, sql, params, many, context):
        count[0] += 1
        return execute(sql, params, many, context)

    def respond(status, headers, exc_info=None):
        # Django calls this once the response is made, every query done
        return start_response(status, [*headers, ("X-Bench-Queries", str(count[0]))], exc_info)

    with connection.execute_wrapper(counted):
        return site(environ, respond)
