"""The rulebook's worked example as boards (RECONSTRUCTED: the rulebook's picture is missing).

Marianne's board has exactly what the rulebook's words count for her: 6 animals, 4 closed
error-free landscapes (2 deserts, 1 forest, 1 plain), two more enclosed but not error-free, an
open plain, water landscapes, 4 active and 2 inactive volcanoes, 1 empty space and 4 wrong
connections; she took the bonus chip 2. Ginger has 5 active volcanoes. Scored in round 1,
Marianne makes 6 + 8 + 2 - 0 - 1 - 4 = 11 (the rulebook's total); holding the volcano chip
she would count 6 volcanoes, more than Ginger's 5, and lose 6.

Row 1: a forest and a desert that meet (3 wrong connections on the water rim and 1 between
them), a closed desert, an open plain next to the empty space. Row 2: a closed desert, a
closed forest and a closed plain. Rows 3-4: water, with two water animals, an active and two
inactive volcanoes. Lesson 2, the scoring pad and the scoring tests all use these boards.
"""

from __future__ import annotations

from typing import Final

RULEBOOK_BOARDS: Final = {
    "Marianne": """\
ffwf  dwwd  wdwwa wwwdV wpww  .
wdwwa wwwdV wfwwa wwwfV wpwwa wwwp
wwwwa wwww  wwwwV wwww  wwwwv wwww
wwww  wwwwv wwww  wwww  wwww  wwwwa""",
    "Ginger": "wwwwV wwwwV wwwwV wwwwV wwwwV",
}
"""Each player's board as text (``board.parse_board``)."""
RULEBOOK_BONUS: Final = {"Marianne": 2}
"""The bonus chips taken in the example."""
