"""Initiative Break's flags for `initiative rules` (its `rules` part): the house rules
of a game (`--rule flag=value`, the web form) and of a campaign (`campaign new
--campaign-rule flag=value`), each flag with its note (flag_notes.py)."""

from __future__ import annotations

from initiative.games.ib.campaign.rules import CampaignRules
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.flag_notes import FLAG_NOTES
from initiative.games.parts import RulesListing, RulesSection

LISTING = RulesListing((
    RulesSection("House-rule flags (--rule flag=value; the web form's house rules)",
                 RulesConfig, FLAG_NOTES),
    RulesSection("Campaign flags (campaign new --campaign-rule flag=value)", CampaignRules,
                 FLAG_NOTES),
))
