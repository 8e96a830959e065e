"""No key in plain text: table keys are derived from the coordinator's key; replaced keys' hashes are kept

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-03 08:00:00.000000

A pairing's plain `edit_key` is dropped. The table's game keeps the hash of that key,
so a scorer link already handed out keeps working; the coordinator's pages cannot show
it again (only its hash is left) until the coordinator changes the tournament's key,
which gives every table a key derived from the new one (docs/api-tournaments.md).
Going down cannot bring the plain keys back: the column returns empty.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('former_key_hashes', sa.JSON(), nullable=True))
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('former_key_hashes', sa.JSON(), nullable=True))
    with op.batch_alter_table('pairing', schema=None) as batch_op:
        batch_op.drop_column('edit_key')


def downgrade():
    with op.batch_alter_table('pairing', schema=None) as batch_op:
        batch_op.add_column(sa.Column('edit_key', sa.String(length=64), nullable=True))
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_column('former_key_hashes')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('former_key_hashes')
