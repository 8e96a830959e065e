"""Groups: a table's people, and the games it played (each seat a person), with when each game finished

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03 09:40:00.000000

A game's `finished` stays empty for games finished before it was kept: the time
shown for them is their last hand's, else their creation's (docs/api-groups.md).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'groups',
        sa.Column('id', sa.String(length=64), nullable=False),
        sa.Column('edit_key_hash', sa.String(length=64), nullable=False),
        sa.Column('former_key_hashes', sa.JSON(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('revision', sa.Integer(), server_default='0', nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('min_games', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_table(
        'person',
        sa.Column('id', sa.String(length=64), nullable=False),
        sa.Column('group_id', sa.String(length=64), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('folded', sa.String(length=80), nullable=False),
        sa.Column('short_name', sa.String(length=80), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['groups.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('group_id', 'folded', name='uq_person_group_folded'),
    )
    with op.batch_alter_table('person', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_person_group_id'), ['group_id'], unique=False)
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('group_id', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('people', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index(batch_op.f('ix_game_group_id'), ['group_id'], unique=False)
        batch_op.create_foreign_key('fk_game_group_id', 'groups', ['group_id'], ['id'], ondelete='SET NULL')


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_constraint('fk_game_group_id', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_game_group_id'))
        batch_op.drop_column('finished_at')
        batch_op.drop_column('people')
        batch_op.drop_column('group_id')
    with op.batch_alter_table('person', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_person_group_id'))
    op.drop_table('person')
    op.drop_table('groups')
