"""GET /healthz: the process is up and its database answers; where its rate limits are counted."""

import sqlalchemy as sa
from flask import Blueprint, current_app, jsonify
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper.extensions import db, limiter

bp = Blueprint("health", __name__)


def limits_state() -> str:
    """"shared" (Redis answers), "process" (no Redis set: each process counts its own), "process, Redis
    unreachable" (Redis set but away: each process counts the same limits until it answers again), or "off"."""
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return "off"
    if current_app.config.get("RATELIMIT_STORAGE_URI", "memory://").startswith("memory://"):
        return "process"
    try:
        answers = limiter.storage.check()
    except Exception:  # noqa: BLE001 - any failure of the storage client means it does not answer
        answers = False
    return "shared" if answers else "process, Redis unreachable"


@bp.get("/healthz")
def healthz():
    """200 when the database answers a query, 503 when it does not; `limits` says where limits are counted
    (`status` is "degraded" while a configured Redis is away: the app serves, with limits per process)."""
    limits = limits_state()
    try:
        db.session.execute(sa.text("SELECT 1"))
    except SQLAlchemyError:
        db.session.rollback()
        return jsonify(status="error", database="unreachable", limits=limits), 503
    return jsonify(status="degraded" if "unreachable" in limits else "ok", database="ok", limits=limits)
