"""HTTPS for browser tests: a certificate made here, gunicorn serving TLS itself, and a TLS-terminating proxy.

`https_server` (module scope, two params) yields a `Served`: the app over https://127.0.0.1:<port> with
PUBLIC_URL naming that address, either straight from gunicorn (`--certfile`/`--keyfile`) or from plain
HTTP gunicorn behind `TlsProxy`, a few lines of asyncio that end TLS and add X-Forwarded-For, -Proto and
-Host as nginx or Caddy do (gunicorn then runs with TRUSTED_PROXIES=1). `browser` is Chromium started with
`--ignore-certificate-errors` (so its service worker registers too); import it into a test module to
override the plain one, with `https_server`.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import importlib.util
import ipaddress
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests

from tests.support.served import free_port, no_traceback, start_gunicorn, stop


def _browser_conftest():
    """tests/browser/conftest.py's constants (it cannot be imported as `conftest`: tests/ has one too)."""
    spec = importlib.util.spec_from_file_location("browser_settings", Path(__file__).with_name("conftest.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_settings = _browser_conftest()
CHROMIUM, CHROMIUM_ARGS, unavailable = _settings.CHROMIUM, _settings.CHROMIUM_ARGS, _settings.unavailable


@dataclass
class Served:
    """An HTTPS deployment under test: its public base URL, the certificate to trust, the gunicorn log."""

    base: str
    certificate: Path
    log: Path
    kind: str


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1, valid for two days; returns (certificate, key) paths."""
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID
    except ImportError:
        unavailable("the cryptography package is not installed (pip install -e '.[test]')")
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = dt.datetime.now(dt.UTC)
    certificate = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5)).not_valid_after(now + dt.timedelta(days=2))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return cert_path, key_path


def wait_until_healthy(base: str, certificate: Path, server: subprocess.Popen, log: Path) -> None:
    """Poll /healthz over HTTPS (trusting only our certificate) until it answers 200."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"gunicorn exited with {server.returncode}:\n{log.read_text()[-3000:]}")
        try:
            if requests.get(f"{base}/healthz", timeout=5, verify=str(certificate)).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.2)
    pytest.fail(f"the app did not answer {base}/healthz:\n{log.read_text()[-3000:]}")


HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection", "x-forwarded-for", "x-forwarded-proto",
              "x-forwarded-host", "x-request-id"}


class TlsProxy:
    """A TLS-terminating reverse proxy on its own thread: one request per connection, forwarded over plain HTTP.

    It sends the upstream its own Host (as nginx's default proxy_pass does) and the browser's in
    X-Forwarded-Host, with X-Forwarded-For and X-Forwarded-Proto: https.
    """

    def __init__(self, port: int, upstream: int, certificate: Path, key: Path) -> None:
        import ssl

        self.port, self.upstream = port, upstream
        self.context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.context.load_cert_chain(certificate, key)
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.tasks: set[asyncio.Task] = set()  # asyncio holds a connection's task weakly once its client has gone
        self.thread = threading.Thread(target=self._run, name="tls-proxy", daemon=True)

    def __enter__(self) -> TlsProxy:
        self.thread.start()
        if not self.ready.wait(10):
            pytest.fail("the TLS proxy did not start")
        return self

    def __exit__(self, *_exc) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self.loop).result(timeout=10)
        self.thread.join(timeout=10)

    async def _stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.loop.call_soon(self.loop.stop)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(
            asyncio.start_server(self._handle, "127.0.0.1", self.port, ssl=self.context))
        self.ready.set()
        try:
            self.loop.run_forever()
        finally:
            server.close()
            self.loop.run_until_complete(server.wait_closed())
            self.loop.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            request_line, *lines = head.decode("latin-1").split("\r\n")
            headers = [line.split(":", 1) for line in lines if ":" in line]
            found = {name.strip().lower(): value.strip() for name, value in headers}
            body = await reader.readexactly(int(found.get("content-length", "0")))
            kept = [f"{name}:{value}" for name, value in headers
                    if name.strip().lower() not in HOP_BY_HOP | {"host"}]
            client = writer.get_extra_info("peername")[0]
            forwarded = [f"Host: 127.0.0.1:{self.upstream}", f"X-Forwarded-For: {client}", "X-Forwarded-Proto: https",
                         f"X-Forwarded-Host: {found.get('host', '')}", "Connection: close"]
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", self.upstream)
            try:
                upstream_writer.write("\r\n".join([request_line, *kept, *forwarded, "", ""]).encode("latin-1") + body)
                await upstream_writer.drain()
                while chunk := await upstream_reader.read(65536):
                    writer.write(chunk)
                    await writer.drain()
            finally:
                upstream_writer.close()
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            pass  # a browser's spare connection closed unused, or a client gone
        finally:
            writer.close()


@pytest.fixture(scope="module")
def tls_files(tmp_path_factory) -> tuple[Path, Path]:
    """(certificate, key) for 127.0.0.1."""
    return make_certificate(tmp_path_factory.mktemp("tls"))


@pytest.fixture(scope="module", params=["gunicorn-tls", "tls-proxy"])
def https_server(request, tmp_path_factory, tls_files) -> Iterator[Served]:
    """The app over HTTPS with PUBLIC_URL set: gunicorn serving TLS, or plain gunicorn behind TlsProxy."""
    certificate, key = tls_files
    folder = tmp_path_factory.mktemp(request.param)
    log, public_port = folder / "gunicorn.log", free_port()
    base = f"https://127.0.0.1:{public_port}"
    env = {"DATABASE_URL": f"sqlite:///{folder / 'app.sqlite'}", "SECRET_KEY": "https-test", "PUBLIC_URL": base}
    if request.param == "gunicorn-tls":
        server = start_gunicorn(public_port, env, log, "--certfile", str(certificate), "--keyfile", str(key), workers=2)
        proxy = None
    else:
        inner = free_port()
        server = start_gunicorn(inner, {**env, "TRUSTED_PROXIES": "1"}, log, workers=2)
        wait_until_healthy(f"http://127.0.0.1:{inner}", certificate, server, log)
        proxy = TlsProxy(public_port, inner, certificate, key).__enter__()
    try:
        wait_until_healthy(base, certificate, server, log)
        yield Served(base, certificate, log, request.param)
    finally:
        stop(server)
        if proxy is not None:
            proxy.__exit__(None, None, None)
    # gevent reports a client that hangs up in the middle of the TLS handshake (a browser's spare connection, closed
    # unused) with the traceback of the handshake: the app never saw that connection.
    hung_up = r"^ssl\.SSLEOFError: .*UNEXPECTED_EOF_WHILE_READING"
    no_traceback(log, allowed=hung_up if request.param == "gunicorn-tls" else None)


@pytest.fixture(scope="module")
def browser(playwright):
    """Chromium that accepts the test certificate, for pages and for service workers alike."""
    if not CHROMIUM.exists():
        unavailable(f"Chromium is not installed at {CHROMIUM}")
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, "--ignore-certificate-errors"], headless=True)
    yield browser
    browser.close()
