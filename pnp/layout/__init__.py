"""Layout files: named boxes with units, `extends` and relative offsets.

`load_card_layout(layouts_root, game_id)` reads layouts/common/*.yaml and
layouts/<game>/cards.yaml and resolves every template to boxes in points.
"""
from pnp.layout.cards import Backs, Box, CardLayout, CardSize, Template, load_card_layout
from pnp.layout.paper import FoldImposition, HomeImposition, Paper, PrintSetup, Vendor, load_print_setup

__all__ = ["Backs", "Box", "CardLayout", "CardSize", "FoldImposition", "HomeImposition", "Paper", "PrintSetup",
           "Template", "Vendor", "load_card_layout", "load_print_setup"]
