"""Pitch nights: a night, its players, each game's tables and sit-outs, and each table's signed scorecard

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06 05:00:00.000000

A night's table keys are derived from the director's key, never stored; `lock_key_hash`
is the hash of the key, derived from the director's too, that opens a table's game once
its scorecard is signed (docs/api-nights.md).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'night',
        sa.Column('id', sa.String(length=64), nullable=False),
        sa.Column('edit_key_hash', sa.String(length=64), nullable=False),
        sa.Column('former_key_hashes', sa.JSON(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('revision', sa.Integer(), server_default='0', nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('variant', sa.String(length=32), nullable=False),
        sa.Column('rules', sa.JSON(), nullable=False),
        sa.Column('games', sa.Integer(), nullable=True),
        sa.Column('minutes_per_game', sa.Integer(), nullable=False),
        sa.Column('movement', sa.String(length=16), nullable=False),
        sa.Column('rank_by', sa.String(length=16), nullable=False),
        sa.Column('seed', sa.BigInteger(), nullable=False),
        sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_table(
        'night_player',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('night_id', sa.String(length=64), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['night_id'], ['night.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('night_player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_player_night_id'), ['night_id'], unique=False)
    op.create_table(
        'night_round',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('night_id', sa.String(length=64), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('out', sa.JSON(), nullable=False),
        sa.Column('called_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['night_id'], ['night.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('night_id', 'number', name='uq_night_round_number'),
    )
    with op.batch_alter_table('night_round', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_round_night_id'), ['night_id'], unique=False)
    op.create_table(
        'night_table',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('round_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('seats', sa.JSON(), nullable=False),
        sa.Column('game_id', sa.String(length=64), nullable=False),
        sa.Column('lock_key_hash', sa.String(length=64), nullable=False),
        sa.Column('signed_by', sa.Integer(), nullable=True),
        sa.Column('signed_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['game.id']),
        sa.ForeignKeyConstraint(['round_id'], ['night_round.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['signed_by'], ['night_player.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('round_id', 'number', name='uq_night_table_number'),
    )
    with op.batch_alter_table('night_table', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_table_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_night_table_round_id'), ['round_id'], unique=False)


def downgrade():
    op.drop_table('night_table')
    op.drop_table('night_round')
    op.drop_table('night_player')
    op.drop_table('night')
