"""The OpenAPI description at hand: the document, a client made from it, gunicorn serving the app."""

from __future__ import annotations

import functools
import json

import pytest
from openapi_core import OpenAPI
from openapi_core.testing import MockRequest, MockResponse

METHODS = ("get", "put", "post", "delete", "patch")


@pytest.fixture
def served(client) -> dict:
    """The document as /api/openapi.json serves it."""
    response = client.get("/api/openapi.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    return response.get_json()


@functools.cache
def read(document: str) -> OpenAPI:
    """openapi-core over a document, which it checks against the OpenAPI schema as it reads it (0.9 s for the app's):
    each document the app serves is read once a test process, and a test that changes what is served gets its own."""
    return OpenAPI.from_dict(json.loads(document))


@pytest.fixture
def openapi(served) -> OpenAPI:
    """openapi-core over the served document, checking requests and answers."""
    return read(json.dumps(served, sort_keys=True))


def sent(response) -> MockRequest:
    """The request the test client sent for `response`, as openapi-core reads a request."""
    request = response.request
    stream = request.environ["wsgi.input"]
    stream.seek(0)
    return MockRequest("http://scorekeeper.test", request.method.lower(), request.path, args=request.args,
                       headers=dict(request.headers), data=stream.read(), content_type=request.mimetype)


def answered(openapi: OpenAPI, response):
    """The answer, after openapi-core found it to be one the document gives its request."""
    received = MockResponse(response.get_data(), response.status_code, dict(response.headers), response.mimetype)
    openapi.validate_response(sent(response), received)
    return response


def checked(openapi: OpenAPI, response):
    """The answer, after openapi-core found it (and the request that made it) as the document describes."""
    openapi.validate_request(sent(response))
    return answered(openapi, response)


class DocumentClient:
    """A client made from /api/openapi.json alone: it knows the operations by their ids, builds each request from
    the document's path and method, and has openapi-core check each request and answer against the document."""

    def __init__(self, client, openapi: OpenAPI, spec: dict):
        self.client, self.openapi = client, openapi
        self.operations = {item[method]["operationId"]: (method, path)
                           for path, item in spec["paths"].items() for method in METHODS if method in item}
        self.key: str | None = None

    def call(self, operation_id: str, body=None, headers=None, **path):
        """Send the operation; returns the answer's JSON after checking both ways."""
        method, template = self.operations[operation_id]
        auth = {"Authorization": f"Bearer {self.key}"} if self.key else {}
        response = self.client.open(template.format(**path), method=method.upper(), json=body,
                                    headers={**auth, **(headers or {})})
        checked(self.openapi, response)
        return response.status_code, response.get_json()
