"""Tournament tables of any size: players per table, teams of three, every team at a table

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03 13:30:00.000000

`tournament.players_per_table` is null for a tournament made before this change: its
tables keep their old size (four with partners, two where everyone plays alone).
`tournament_team.player_three` is empty except in a team of three (ten-point-six).
`pairing.seat_teams` lists every team at a table in seat order; null for a table drawn
before this change, whose two teams are `team_a_id` and `team_b_id` (docs/api-tournaments.md).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('players_per_table', sa.Integer(), nullable=True))
    with op.batch_alter_table('tournament_team', schema=None) as batch_op:
        batch_op.add_column(sa.Column('player_three', sa.String(length=40), nullable=False, server_default=''))
    with op.batch_alter_table('pairing', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seat_teams', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('pairing', schema=None) as batch_op:
        batch_op.drop_column('seat_teams')
    with op.batch_alter_table('tournament_team', schema=None) as batch_op:
        batch_op.drop_column('player_three')
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_column('players_per_table')
