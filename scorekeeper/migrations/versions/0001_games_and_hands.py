"""Games and hands

Revision ID: 0001
Revises: (none)
Create Date: 2026-12-02 13:53:31.822116

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('game',
    sa.Column('id', sa.String(length=64), nullable=False),
    sa.Column('edit_key_hash', sa.String(length=64), nullable=False),
    sa.Column('variant', sa.String(length=32), nullable=False),
    sa.Column('players', sa.JSON(), nullable=False),
    sa.Column('team_names', sa.JSON(), nullable=True),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('time_called_after', sa.Integer(), nullable=True),
    sa.Column('time_finish_hand', sa.Boolean(), nullable=False),
    sa.Column('time_called_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('hand',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=64), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('client_id', sa.String(length=64), nullable=False),
    sa.Column('misdeal', sa.Boolean(), nullable=False),
    sa.Column('bidder', sa.Integer(), nullable=True),
    sa.Column('bid', sa.Integer(), nullable=True),
    sa.Column('moon', sa.Boolean(), nullable=False),
    sa.Column('trump', sa.String(length=8), nullable=True),
    sa.Column('captured', sa.JSON(), nullable=True),
    sa.Column('all_tricks', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'client_id', name='uq_hand_game_client_id'),
    sa.UniqueConstraint('game_id', 'number', name='uq_hand_game_number')
    )
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_game_id'), ['game_id'], unique=False)



def downgrade():
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_game_id'))

    op.drop_table('hand')
    op.drop_table('game')
