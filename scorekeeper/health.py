"""GET /healthz: the process is up and its database answers."""

import sqlalchemy as sa
from flask import Blueprint, jsonify
from sqlalchemy.exc import SQLAlchemyError

from .extensions import db

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    """200 when the database answers a query, 503 when it does not."""
    try:
        db.session.execute(sa.text("SELECT 1"))
    except SQLAlchemyError:
        db.session.rollback()
        return jsonify(status="error", database="unreachable"), 503
    return jsonify(status="ok", database="ok")
