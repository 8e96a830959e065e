"""Seasons: a group names seasons by the days they run

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03 11:10:00.000000

A group without a season named counts each calendar year as a season (docs/api-groups.md).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'season',
        sa.Column('id', sa.String(length=64), nullable=False),
        sa.Column('group_id', sa.String(length=64), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('starts', sa.Date(), nullable=False),
        sa.Column('ends', sa.Date(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['groups.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('season', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_group_id'), ['group_id'], unique=False)


def downgrade():
    with op.batch_alter_table('season', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_season_group_id'))
    op.drop_table('season')
