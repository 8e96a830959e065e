"""A group's games indexed with their revisions

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03 14:15:00.000000

The tag of a group's views is the sum of its games' revisions: an index on (group_id, revision)
answers it from the index alone. It replaces the index on group_id, whose lookups it serves too.
"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.create_index('ix_game_group_id_revision', ['group_id', 'revision'], unique=False)
        batch_op.drop_index('ix_game_group_id')


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.create_index('ix_game_group_id', ['group_id'], unique=False)
        batch_op.drop_index('ix_game_group_id_revision')
