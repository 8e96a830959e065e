"""A hand may be stored as each team's points instead of who took each point

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03 10:00:00.000000

`hand.points` holds the points per team, in team order, of a hand the table gave as
points (quick entry); such a hand has no `captured`. The old schema cannot hold such a
hand (it needs `captured`), so going down is refused while any is stored, rather than
dropping hands from the middle of games.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.add_column(sa.Column('points', sa.JSON(), nullable=True))


def downgrade():
    given = op.get_bind().scalar(sa.text("SELECT COUNT(*) FROM hand WHERE points IS NOT NULL"))
    if given:
        raise RuntimeError(f"{given} hand(s) are stored as points per team, which revision 0004 cannot hold: "
                           "edit them to say who took each point before going down.")
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_column('points')
