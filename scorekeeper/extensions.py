"""Extension objects, created once and bound to the app in create_app."""

from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base for the models."""


# A write answers with the game as it wrote it: objects are not reloaded after commit,
# when another worker may already have added a hand.
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})
migrate = Migrate()
csrf = CSRFProtect()
compress = Compress()
# Per-address limits (web/limits.py): the address is ProxyFix's, so the client's behind a trusted proxy.
limiter = Limiter(key_func=get_remote_address)
