"""Tournaments: teams, singles, pairings; the game clock

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02 14:05:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('clock_started_at', sa.DateTime(timezone=True), nullable=True))

    op.create_table('tournament',
    sa.Column('id', sa.String(length=64), nullable=False),
    sa.Column('edit_key_hash', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('date', sa.Date(), nullable=True),
    sa.Column('place', sa.String(length=120), nullable=True),
    sa.Column('entry_fee_cents', sa.Integer(), nullable=False),
    sa.Column('payout_percent', sa.Integer(), nullable=False),
    sa.Column('games_per_team', sa.Integer(), nullable=False),
    sa.Column('minutes_per_game', sa.Integer(), nullable=False),
    sa.Column('variant', sa.String(length=32), nullable=False),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('tie_breaks', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('tournament_team',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('player_one', sa.String(length=40), nullable=False),
    sa.Column('player_two', sa.String(length=40), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('tournament_id', 'name', name='uq_tournament_team_name')
    )
    with op.batch_alter_table('tournament_team', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_team_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('tournament_single',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('team_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['team_id'], ['tournament_team.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('tournament_single', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_single_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('pairing',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.String(length=64), nullable=False),
    sa.Column('round_number', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=True),
    sa.Column('team_a_id', sa.Integer(), nullable=False),
    sa.Column('team_b_id', sa.Integer(), nullable=True),
    sa.Column('game_id', sa.String(length=64), nullable=True),
    sa.Column('bye', sa.Boolean(), nullable=False),
    sa.Column('edit_key', sa.String(length=64), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ),
    sa.ForeignKeyConstraint(['team_a_id'], ['tournament_team.id'], ),
    sa.ForeignKeyConstraint(['team_b_id'], ['tournament_team.id'], ),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('tournament_id', 'round_number', 'table_number', name='uq_pairing_round_table'),
    sa.UniqueConstraint('tournament_id', 'round_number', 'team_a_id', name='uq_pairing_round_team')
    )
    with op.batch_alter_table('pairing', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_pairing_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_pairing_tournament_id'), ['tournament_id'], unique=False)



def downgrade():
    with op.batch_alter_table('pairing', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_pairing_tournament_id'))
        batch_op.drop_index(batch_op.f('ix_pairing_game_id'))

    op.drop_table('pairing')
    with op.batch_alter_table('tournament_single', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_single_tournament_id'))

    op.drop_table('tournament_single')
    with op.batch_alter_table('tournament_team', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_team_tournament_id'))

    op.drop_table('tournament_team')
    op.drop_table('tournament')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('clock_started_at')
